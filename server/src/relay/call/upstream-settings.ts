/**
 * The operator's per-vendor settings (options `claude.*` and `gemini.*`, docs/formats.md "Operator
 * settings") applied to a conversation's upstream body once it is in the upstream's format, whether it was
 * converted or passed through: Claude's default max_tokens and extra headers per model, Gemini's safety
 * settings and API version, and the thinking adapters that turn a model-name suffix (`-thinking`,
 * `-thinking-<budget>`, `-nothinking`) into the vendor's thinking switch.
 */
import type { UpstreamFormat } from '../canonical/codec.ts';
import { isRecord } from '../canonical/helpers.ts';

/** The option reads these settings need (server/src/options/store.ts implements them). */
export interface ProviderSettings {
  getJson<T>(key: string): T;
  getBoolean(key: string): boolean;
  getNumber(key: string): number;
}

/** Claude refuses a thinking budget below this. */
export const CLAUDE_MIN_THINKING_BUDGET = 1024;
/** Gemini budgets above this are clamped (the adapter's rule in docs/reference/console-constants.md). */
export const GEMINI_MAX_THINKING_BUDGET = 24_576;
const CLAUDE_FALLBACK_MAX_TOKENS = 8192;
const GEMINI_HARM_CATEGORIES = [
  'HARM_CATEGORY_HARASSMENT',
  'HARM_CATEGORY_HATE_SPEECH',
  'HARM_CATEGORY_SEXUALLY_EXPLICIT',
  'HARM_CATEGORY_DANGEROUS_CONTENT',
  'HARM_CATEGORY_CIVIC_INTEGRITY',
];

/** A thinking request read off a model name's suffix. */
export type ThinkingSuffix = { kind: 'thinking'; budget?: number } | { kind: 'nothinking' };

export interface UpstreamTuning {
  /** The model to send (the suffix removed when an adapter read it). */
  model: string;
  thinking: ThinkingSuffix | null;
}

const SUFFIX = /-(thinking(?:-(\d+))?|nothinking)$/;

/** Reads a thinking suffix when the upstream's format has an enabled thinking adapter. */
export function upstreamTuning(
  target: UpstreamFormat,
  model: string,
  settings: ProviderSettings | undefined,
): UpstreamTuning {
  const vendor = target === 'claude' ? 'claude' : target === 'gemini' ? 'gemini' : null;
  if (!vendor || !settings?.getBoolean(`${vendor}.thinking_adapter_enabled`))
    return { model, thinking: null };
  const match = SUFFIX.exec(model);
  if (!match || match.index === 0) return { model, thinking: null };
  const stripped = model.slice(0, match.index);
  if (match[1] === 'nothinking')
    return vendor === 'gemini'
      ? { model: stripped, thinking: { kind: 'nothinking' } }
      : { model, thinking: null };
  const budget = match[2] === undefined ? undefined : Number(match[2]);
  if (budget !== undefined && vendor === 'claude') return { model, thinking: null };
  return {
    model: stripped,
    thinking: budget === undefined ? { kind: 'thinking' } : { kind: 'thinking', budget },
  };
}

/** A per-model value of a `{model: value, "default": value}` option. */
function perModel<T>(map: unknown, model: string): T | undefined {
  if (!isRecord(map)) return undefined;
  return (map[model] ?? map.default) as T | undefined;
}

function percentage(settings: ProviderSettings, vendor: 'claude' | 'gemini'): number {
  const value = settings.getNumber(`${vendor}.thinking_adapter_budget_tokens_percentage`);
  return value > 0 && value <= 1 ? value : vendor === 'claude' ? 0.8 : 0.6;
}

/** max_tokens for a Claude call that names none (`claude.default_max_tokens`, per model or default). */
export function claudeDefaultMaxTokens(model: string, settings: ProviderSettings | undefined): number {
  const configured = settings
    ? perModel<number>(settings.getJson('claude.default_max_tokens'), model)
    : undefined;
  return typeof configured === 'number' && configured > 0 ? configured : CLAUDE_FALLBACK_MAX_TOKENS;
}

function applyClaude(
  body: Record<string, unknown>,
  tuning: UpstreamTuning,
  settings: ProviderSettings,
): void {
  if (typeof body.max_tokens !== 'number') body.max_tokens = claudeDefaultMaxTokens(tuning.model, settings);
  if (tuning.thinking?.kind !== 'thinking') return;
  let maxTokens = body.max_tokens as number;
  const budget = Math.max(CLAUDE_MIN_THINKING_BUDGET, Math.floor(maxTokens * percentage(settings, 'claude')));
  if (budget >= maxTokens) maxTokens = budget + CLAUDE_MIN_THINKING_BUDGET;
  body.max_tokens = maxTokens;
  // The sampling settings Claude refuses beside thinking are dropped by its upstream rules
  // (server/src/relay/rules/claude.ts).
  body.thinking = { type: 'enabled', budget_tokens: budget };
}

function applyGemini(
  body: Record<string, unknown>,
  tuning: UpstreamTuning,
  settings: ProviderSettings,
): void {
  if (body.safetySettings === undefined && body.safety_settings === undefined) {
    const thresholds = settings.getJson<Record<string, string>>('gemini.safety_settings');
    const safety = GEMINI_HARM_CATEGORIES.flatMap((category) => {
      const threshold = perModel<string>(thresholds, category);
      return threshold ? [{ category, threshold }] : [];
    });
    if (safety.length > 0) body.safetySettings = safety;
  }
  const thinking = tuning.thinking;
  if (!thinking) return;
  const config = isRecord(body.generationConfig) ? { ...body.generationConfig } : {};
  let thinkingConfig: Record<string, unknown>;
  if (thinking.kind === 'nothinking') thinkingConfig = { thinkingBudget: 0 };
  else {
    const maxOutput = typeof config.maxOutputTokens === 'number' ? config.maxOutputTokens : undefined;
    const budget =
      thinking.budget ??
      (maxOutput !== undefined ? Math.floor(maxOutput * percentage(settings, 'gemini')) : undefined);
    thinkingConfig = {
      includeThoughts: true,
      thinkingBudget: budget === undefined ? -1 : Math.min(budget, GEMINI_MAX_THINKING_BUDGET),
    };
  }
  config.thinkingConfig = thinkingConfig;
  body.generationConfig = config;
}

/** Applies the settings of the upstream's vendor to its body (before the channel's parameter override). */
export function applyUpstreamSettings(
  target: UpstreamFormat,
  body: Record<string, unknown>,
  tuning: UpstreamTuning,
  settings: ProviderSettings | undefined,
): void {
  if (!settings) return;
  if (target === 'claude') applyClaude(body, tuning, settings);
  else if (target === 'gemini') applyGemini(body, tuning, settings);
}

/**
 * Asks a Gemini image model (option `gemini.supported_imagine_models`, exact names) for text and images,
 * on a body converted from another format — a Gemini client names its own response modalities. The
 * images come back as inline parts, which server/src/relay/formats/gemini/reply.ts and stream.ts turn
 * into Markdown images for the client's format.
 */
export function applyGeminiImagine(
  body: Record<string, unknown>,
  model: string,
  settings: ProviderSettings | undefined,
): void {
  const models = settings?.getJson<string[] | null>('gemini.supported_imagine_models') ?? [];
  if (!models.includes(model)) return;
  const config = isRecord(body.generationConfig) ? { ...body.generationConfig } : {};
  if (config.responseModalities !== undefined) return;
  config.responseModalities = ['TEXT', 'IMAGE'];
  body.generationConfig = config;
}

/** Extra headers for a Claude model (`claude.model_headers_settings`: model → header → values). */
export function claudeModelHeaders(
  model: string,
  settings: ProviderSettings | undefined,
): Record<string, string> {
  if (!settings) return {};
  const map = settings.getJson<Record<string, Record<string, string[]>>>('claude.model_headers_settings');
  const headers: Record<string, string> = {};
  const forModel = isRecord(map) ? map[model] : undefined;
  if (!isRecord(forModel)) return headers;
  for (const [name, values] of Object.entries(forModel)) {
    if (Array.isArray(values) && values.length > 0) headers[name.toLowerCase()] = values.join(',');
  }
  return headers;
}

/** The Gemini API version for a model (`gemini.version_settings`, default v1beta). */
export function geminiVersion(model: string, settings: ProviderSettings | undefined): string {
  const version = settings ? perModel<string>(settings.getJson('gemini.version_settings'), model) : undefined;
  return typeof version === 'string' && /^v\d+(?:alpha|beta)?\d*$/.test(version) ? version : 'v1beta';
}
