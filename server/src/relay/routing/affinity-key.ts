/**
 * How a call is recognised as the continuation of a conversation when no affinity rule applies
 * (docs/reference/routing.md "Affinity"), first match wins. Checked against the requests the real clients
 * send (recorded from @anthropic-ai/claude-code 2.1, @openai/codex 0.169 and @google/gemini-cli 0.61 run
 * against a local recorder; the shapes are in ./affinity-key.test.ts):
 *
 * 1. `previous_response_id` (Responses): no key — the stored response already pins the call to the channel
 *    that holds it (./response-owners.ts), so affinity steps aside rather than compete.
 * 2. `prompt_cache_key` in the body (OpenAI chat and Responses; Codex sets it to its thread id).
 * 3. Claude Code's `x-claude-code-session-id` header, else the session in `metadata.user_id` — a JSON
 *    string `{"device_id":…,"account_uuid":…,"session_id":…}` since 2.1, `user_…_account_…_session_<uuid>`
 *    before.
 * 4. Session headers: Codex's `session-id` / `thread-id` (older Codex: `session_id` / `conversation_id`),
 *    the generic `x-session-id`.
 * 5. Otherwise a hash of the conversation's stable prefix — the system prompt (OpenAI `system` /
 *    `developer` messages, Anthropic `system`, Responses `instructions`, Gemini `systemInstruction`) and the
 *    first user message — reading at most PREFIX_BUDGET characters, whatever the body's size. Gemini CLI
 *    sends no session header, so its calls are recognised this way.
 */
import { createHash, type Hash } from 'node:crypto';
import type { AffinityInput } from './affinity.ts';

/** Characters of the stable prefix that are hashed at most (strings are cut, the walk stops there). */
export const PREFIX_BUDGET = 16 * 1024;
/** Messages looked at for the system part and the first user message. */
const MAX_HEAD_MESSAGES = 32;
/** Longer values are not taken for a session id: the next way of recognising the call applies. */
const MAX_ID_LENGTH = 512;

export type BuiltInSource =
  | 'prompt_cache_key'
  | 'claude_code_session'
  | 'session_header'
  | 'conversation_prefix';

export interface BuiltInValue {
  source: BuiltInSource;
  /** An identifier as sent, or (conversation_prefix) the prefix's own hash. */
  value: string;
}

const SESSION_HEADERS = [
  'session-id',
  'thread-id',
  'session_id',
  'conversation_id',
  'conversation-id',
  'x-session-id',
] as const;

const LEGACY_CLAUDE_SESSION = /_session_([0-9a-f-]{36})$/i;

function text(value: unknown): string {
  if (typeof value !== 'string') return '';
  const trimmed = value.trim();
  return trimmed.length <= MAX_ID_LENGTH ? trimmed : '';
}

function header(input: AffinityInput, name: string): string {
  const value = input.headers[name];
  return text(Array.isArray(value) ? value[0] : value);
}

/** The session of Claude Code's `metadata.user_id` (either spelling), or ''. */
export function claudeMetadataSession(body: Readonly<Record<string, unknown>>): string {
  const metadata = body.metadata;
  if (typeof metadata !== 'object' || metadata === null) return '';
  const userId = (metadata as Record<string, unknown>).user_id;
  if (typeof userId !== 'string' || userId.length > 2048) return '';
  if (userId.startsWith('{')) {
    try {
      return text((JSON.parse(userId) as Record<string, unknown>).session_id);
    } catch {
      return '';
    }
  }
  return LEGACY_CLAUDE_SESSION.exec(userId)?.[1] ?? '';
}

/**
 * Feeds `value` into `hash` — keys and strings, depth-first — until `budget` characters are used; returns
 * what is left. Work is bounded by the budget (and a depth limit), never by the size of `value`.
 */
function feed(hash: Hash, value: unknown, budget: number, depth = 0): number {
  if (budget <= 0 || depth > 8) return budget;
  if (typeof value === 'string') {
    const part = value.length > budget ? value.slice(0, budget) : value;
    hash.update(part);
    hash.update('\u0000');
    return budget - part.length - 1;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    const part = String(value);
    hash.update(part);
    return budget - part.length;
  }
  if (Array.isArray(value)) {
    for (const item of value) {
      budget = feed(hash, item, budget - 1, depth + 1);
      if (budget <= 0) break;
    }
    return budget;
  }
  if (typeof value === 'object' && value !== null) {
    for (const key in value) {
      // Cache markers change between turns (Claude Code moves them) without changing the conversation.
      if (key === 'cache_control') continue;
      budget = feed(hash, key, budget, depth + 1);
      budget = feed(hash, (value as Record<string, unknown>)[key], budget, depth + 1);
      if (budget <= 0) break;
    }
  }
  return budget;
}

function roleOf(message: unknown): string {
  return typeof message === 'object' && message !== null
    ? String((message as Record<string, unknown>).role ?? '')
    : '';
}

/** The system part and the first user message of any of the four wire formats; nulls when absent. */
function stablePrefix(body: Readonly<Record<string, unknown>>): [unknown, unknown] {
  const system = body.system ?? body.instructions ?? body.systemInstruction ?? body.system_instruction;
  const list = Array.isArray(body.messages)
    ? body.messages
    : Array.isArray(body.input)
      ? body.input
      : Array.isArray(body.contents)
        ? body.contents
        : null;
  if (list === null) return [system ?? null, typeof body.input === 'string' ? body.input : null];
  const systems: unknown[] = [];
  // Only the head of the list is looked at, however long the conversation.
  const end = Math.min(list.length, MAX_HEAD_MESSAGES);
  for (let index = 0; index < end; index += 1) {
    const message: unknown = list[index];
    const role = roleOf(message);
    if (role === 'system' || role === 'developer') {
      if (systems.length < 4) systems.push(message);
      continue;
    }
    // Gemini contents carry role "user" or none; Responses items may be typed messages with a role.
    if (role === 'user' || role === '') return [system ?? systems, message];
    break;
  }
  return [system ?? systems, null];
}

/** The prefix's hash (hex), or '' when the body has no first user message. */
export function prefixHash(body: Readonly<Record<string, unknown>>): string {
  const [system, first] = stablePrefix(body);
  if (first === null) return '';
  const hash = createHash('sha256');
  const left = feed(hash, system, PREFIX_BUDGET / 2);
  feed(hash, first, PREFIX_BUDGET / 2 + Math.max(0, left));
  return hash.digest('hex');
}

/**
 * The built-in identification of the call's conversation; null when it has none, or when
 * `previous_response_id` already decides the channel.
 */
export function builtInValue(input: AffinityInput): BuiltInValue | null {
  const { body } = input;
  if (typeof body.previous_response_id === 'string' && body.previous_response_id !== '') return null;
  const cacheKey = text(body.prompt_cache_key);
  if (cacheKey) return { source: 'prompt_cache_key', value: cacheKey };
  const claude = header(input, 'x-claude-code-session-id') || claudeMetadataSession(body);
  if (claude) return { source: 'claude_code_session', value: claude };
  for (const name of SESSION_HEADERS) {
    const value = header(input, name);
    if (value) return { source: 'session_header', value };
  }
  const prefix = prefixHash(body);
  return prefix ? { source: 'conversation_prefix', value: prefix } : null;
}
