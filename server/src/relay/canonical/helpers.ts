/** Small pure helpers shared by the format codecs (server/src/relay/formats/*). */
import type { GatewayError } from '../../lib/errors.ts';
import { relayError } from '../http/errors.ts';
import {
  type CanonicalMessage,
  type CanonicalUsage,
  type ContentBlock,
  emptyUsage,
  type MediaSource,
  type ReasoningEffort,
  type ReasoningSettings,
  type StreamEvent,
} from './types.ts';

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** A non-negative integer token count, 0 for anything else. */
export function tokens(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? Math.round(value) : 0;
}

/** Tool-call arguments as an object (formats that need one): invalid or non-object JSON becomes {}. */
export function parseArguments(text: string): Record<string, unknown> {
  if (!text.trim()) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** Tool-call arguments as JSON text (formats that carry an object). */
export function stringifyArguments(value: unknown): string {
  if (typeof value === 'string') return value;
  try {
    return JSON.stringify(value ?? {}) ?? '{}';
  } catch {
    return '{}';
  }
}

/** Token budgets for reasoning efforts, and back (docs/formats.md, "Reasoning"). */
export const EFFORT_BUDGETS: Readonly<Record<ReasoningEffort, number>> = {
  minimal: 512,
  low: 1024,
  medium: 8192,
  high: 24576,
  xhigh: 32768,
  max: 65536,
};

/** Effort names as the formats spell them (lower case); OpenAI's `none` is reasoning off, not an effort. */
const EFFORT_NAMES: Readonly<Record<string, ReasoningEffort>> = {
  minimal: 'minimal',
  low: 'low',
  medium: 'medium',
  high: 'high',
  xhigh: 'xhigh',
  max: 'max',
};

/** The effort a format's effort name stands for (lower case), or undefined for another value. */
export function effortNamed(name: unknown): ReasoningEffort | undefined {
  return typeof name === 'string' && Object.hasOwn(EFFORT_NAMES, name) ? EFFORT_NAMES[name] : undefined;
}

export function budgetForEffort(effort: ReasoningEffort): number {
  return EFFORT_BUDGETS[effort];
}

export function effortForBudget(budget: number): ReasoningEffort {
  if (budget <= 2048) return 'low';
  if (budget <= 12288) return 'medium';
  return 'high';
}

/** The budget a reasoning setting implies, or undefined when reasoning is off or unspecified. */
export function reasoningBudget(reasoning: ReasoningSettings | undefined): number | undefined {
  if (!reasoning || reasoning.enabled === false) return undefined;
  if (reasoning.budgetTokens !== undefined) return reasoning.budgetTokens;
  if (reasoning.effort) return budgetForEffort(reasoning.effort);
  return reasoning.enabled ? EFFORT_BUDGETS.medium : undefined;
}

/** The effort a reasoning setting implies, or undefined when reasoning is off or unspecified. */
export function reasoningEffort(reasoning: ReasoningSettings | undefined): ReasoningEffort | undefined {
  if (!reasoning || reasoning.enabled === false) return undefined;
  if (reasoning.effort) return reasoning.effort;
  if (reasoning.budgetTokens !== undefined) return effortForBudget(reasoning.budgetTokens);
  return reasoning.enabled ? 'medium' : undefined;
}

/** OpenAI's effort names stop at `xhigh`: Claude's `max` is sent as that. */
export function openAiEffort(effort: ReasoningEffort): Exclude<ReasoningEffort, 'max'> {
  return effort === 'max' ? 'xhigh' : effort;
}

/**
 * The 400 of an upstream format that cannot answer a bare enum value (Gemini's `text/x.enum`; docs/formats.md,
 * "Structured output"), thrown by its request encoder.
 */
export function bareEnumRefused(vendor: string): GatewayError {
  return relayError(
    400,
    'invalid_request',
    `${vendor} has no counterpart of text/x.enum (the reply as a bare enum value): ask for JSON (application/json with the schema) instead, or use a Gemini model`,
  );
}

/** Parses a `data:` URL into a base64 source; other URLs stay URLs. */
export function mediaFromUrl(url: string, fallbackType?: string): MediaSource {
  const match = /^data:([^;,]+)?(;base64)?,(.*)$/s.exec(url);
  if (match?.[2]) return { kind: 'base64', mediaType: match[1] ?? fallbackType ?? '', data: match[3] ?? '' };
  return fallbackType ? { kind: 'url', url, mediaType: fallbackType } : { kind: 'url', url };
}

/** A media source as a URL (base64 becomes a data: URL); null for provider file ids. */
export function mediaToUrl(source: MediaSource): string | null {
  if (source.kind === 'url') return source.url;
  if (source.kind === 'base64') return `data:${source.mediaType};base64,${source.data}`;
  return null;
}

/**
 * An image a model generated, as Markdown for formats whose replies carry only text (new-api shows them
 * so too): `![image](data:image/png;base64,…)`, or the URL. Null for a source that has no address.
 */
export function imageMarkdown(source: MediaSource): string | null {
  const url = mediaToUrl(source);
  return url === null ? null : `![image](${url})`;
}

/**
 * Appends every item of `items` to `target` (optionally only those `keep` accepts). `target.push(...items)`
 * passes each item as an argument and throws a RangeError past ~100,000 of them; request content comes
 * from clients, so request paths append with this instead.
 */
export function appendAll<T, S extends T = T>(
  target: T[],
  items: readonly T[],
  keep?: (item: T) => item is S,
): void {
  for (const item of items) if (!keep || keep(item)) target.push(item);
}

/** Merges consecutive messages of the same role (formats that require alternation). */
export function mergeSameRole(messages: readonly CanonicalMessage[]): CanonicalMessage[] {
  const merged: CanonicalMessage[] = [];
  for (const message of messages) {
    const last = merged[merged.length - 1];
    // Appended in place: a copy of the merged content per message made long runs quadratic (issue 23).
    if (last && last.role === message.role) for (const block of message.content) last.content.push(block);
    else merged.push({ role: message.role, content: [...message.content] });
  }
  return merged;
}

/** The text of the text blocks, joined. */
export function joinText(blocks: readonly ContentBlock[], separator = ''): string {
  let text = '';
  let first = true;
  for (const block of blocks) {
    if (block.type !== 'text') continue;
    text += first ? block.text : separator + block.text;
    first = false;
  }
  return text;
}

/** Usage so far with a (partial) usage event applied: fields it sets win, the others are kept. */
export function mergeUsage(previous: CanonicalUsage | null, update: Partial<CanonicalUsage>): CanonicalUsage {
  const merged = { ...(previous ?? emptyUsage()) };
  for (const key of Object.keys(update) as (keyof CanonicalUsage)[]) {
    if (key === 'toolCalls') continue;
    const value = update[key];
    if (typeof value === 'number' && Number.isFinite(value)) merged[key] = value;
  }
  if (update.toolCalls) merged.toolCalls = update.toolCalls;
  return merged;
}

/**
 * The JSON object an SSE event of a stream carries, or null when its data is not one (decoders skip such
 * events: keep-alives, comments, end markers).
 */
export function eventObject(data: string): Record<string, unknown> | null {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return null;
  }
  return isRecord(parsed) ? parsed : null;
}

/** A stream's error event from an upstream's error fields (a message that is not text: "upstream error"). */
export function errorEvent(message: unknown, errorType?: unknown): StreamEvent {
  const text = asString(message) ?? 'upstream error';
  return typeof errorType === 'string' && errorType !== ''
    ? { type: 'error', message: text, errorType }
    : { type: 'error', message: text };
}

/**
 * The usage event of a stream whose format counts no cache writes: the field is left out, so a count
 * another source reported is not overwritten with 0.
 */
export function usageEvent(usage: CanonicalUsage): StreamEvent {
  const { cacheWriteTokens: _none, ...partial } = usage;
  return { type: 'usage', usage: partial };
}
