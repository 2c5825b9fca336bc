/**
 * Anthropic's rules for a Messages body (docs/formats.md "Upstream rules"), each one a refusal of the
 * real API turned into a body it accepts:
 * - Sonnet 4.5, Haiku 4.5 and Opus 4.1 and later refuse `temperature` and `top_p` together ("`temperature`
 *   and `top_p` cannot both be specified for this model. Please use only one."): temperature is kept.
 * - With extended thinking on, `budget_tokens` is at least 1,024 and below `max_tokens` (the answer keeps
 *   its allowance on top of the budget, as the Claude codec gives it), `temperature` may only be 1, `top_k`
 *   is not taken and `top_p` only from 0.95 to 1.
 * - `max_tokens` above the model's largest output is refused: it is lowered to it (a converted call's
 *   default of 8,192 is above what the Claude 3 models write).
 * - Adaptive thinking (`thinking: {type: "adaptive"}`, as Claude Code sends it) came with the 4.6 models:
 *   an older model gets thinking enabled with the budget of the requested effort (`output_config.effort`,
 *   medium without one), as the Claude codec gives efforts. The effort setting itself came with the 4.5
 *   models: an older model's body loses it.
 */
import { budgetForEffort, effortNamed } from '../canonical/helpers.ts';
import { type ClaudeVersion, claudeVersion } from '../formats/claude/models.ts';
import type { RuleNotes } from './notes.ts';

/** Claude refuses a thinking budget below this. */
export const CLAUDE_MIN_THINKING_BUDGET = 1024;
/** The lowest top_p Claude takes beside thinking. */
const THINKING_MIN_TOP_P = 0.95;

type ClaudeModel = ClaudeVersion;

function atLeast(model: ClaudeModel, major: number, minor: number): boolean {
  return model.major > major || (model.major === major && model.minor >= minor);
}

/** Whether the model refuses temperature and top_p in one request (Sonnet/Haiku 4.5+, Opus 4.1+). */
export function refusesTemperatureWithTopP(model: ClaudeModel): boolean {
  return atLeast(model, 4, 5) || (model.family === 'opus' && atLeast(model, 4, 1));
}

/** The largest max_tokens a model takes, from Anthropic's model overview; null when not known here. */
export function claudeMaxOutputTokens(model: ClaudeModel): number | null {
  if (model.major === 3) {
    if (model.minor === 7) return 64_000;
    if (model.minor === 5) return 8192;
    return 4096;
  }
  if (model.major === 4) {
    if (model.family === 'opus' && model.minor < 5) return 32_000;
    return 64_000;
  }
  return null;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function thinkingOn(body: Record<string, unknown>): boolean {
  return isRecord(body.thinking) && body.thinking.type !== undefined && body.thinking.type !== 'disabled';
}

function limitMaxTokens(body: Record<string, unknown>, model: ClaudeModel | null, notes: RuleNotes): void {
  const limit = model ? claudeMaxOutputTokens(model) : null;
  if (limit !== null && typeof body.max_tokens === 'number' && body.max_tokens > limit) {
    notes.changed('max_tokens', body.max_tokens, limit);
    body.max_tokens = limit;
  }
}

function fitThinkingBudget(body: Record<string, unknown>, notes: RuleNotes): void {
  const thinking = body.thinking as Record<string, unknown>;
  if (thinking.type !== 'enabled' || typeof thinking.budget_tokens !== 'number') return;
  let budget = thinking.budget_tokens;
  if (budget < CLAUDE_MIN_THINKING_BUDGET) {
    notes.changed('thinking.budget_tokens', budget, CLAUDE_MIN_THINKING_BUDGET);
    budget = CLAUDE_MIN_THINKING_BUDGET;
  }
  const maxTokens = typeof body.max_tokens === 'number' ? body.max_tokens : 0;
  if (maxTokens <= budget) {
    notes.changed('max_tokens', maxTokens, maxTokens + budget);
    body.max_tokens = maxTokens + budget;
  }
  body.thinking = { ...thinking, budget_tokens: budget };
}

/** Keeps the budget below a lowered max_tokens (the model's limit won over the answer's allowance). */
function budgetBelowLimit(body: Record<string, unknown>, notes: RuleNotes): void {
  const thinking = body.thinking;
  if (!isRecord(thinking) || typeof thinking.budget_tokens !== 'number') return;
  const maxTokens = body.max_tokens;
  if (typeof maxTokens !== 'number' || thinking.budget_tokens < maxTokens) return;
  const budget = Math.max(CLAUDE_MIN_THINKING_BUDGET, maxTokens - CLAUDE_MIN_THINKING_BUDGET);
  notes.changed('thinking.budget_tokens', thinking.budget_tokens, budget);
  body.thinking = { ...thinking, budget_tokens: budget };
}

function samplingBesideThinking(body: Record<string, unknown>, notes: RuleNotes): void {
  if (body.temperature !== undefined && body.temperature !== 1) {
    delete body.temperature;
    notes.dropped('temperature');
  }
  if (body.top_k !== undefined) {
    delete body.top_k;
    notes.dropped('top_k');
  }
  if (typeof body.top_p === 'number' && body.top_p < THINKING_MIN_TOP_P) {
    delete body.top_p;
    notes.dropped('top_p');
  }
}

/** Adaptive thinking on a model before 4.6 becomes thinking with the budget of the effort asked for. */
function adaptiveThinking(body: Record<string, unknown>, model: ClaudeModel, notes: RuleNotes): void {
  if (!isRecord(body.thinking) || body.thinking.type !== 'adaptive' || atLeast(model, 4, 6)) return;
  const config = isRecord(body.output_config) ? body.output_config : {};
  const budget = budgetForEffort(effortNamed(config.effort) ?? 'medium');
  notes.changed('thinking', 'adaptive', `enabled ${budget}`);
  body.thinking = { type: 'enabled', budget_tokens: budget };
}

/** The effort setting on a model before 4.5 is dropped (an output_config left empty goes too). */
function effortSetting(body: Record<string, unknown>, model: ClaudeModel, notes: RuleNotes): void {
  const config = body.output_config;
  if (!isRecord(config) || config.effort === undefined || atLeast(model, 4, 5)) return;
  const { effort: _dropped, ...rest } = config;
  if (Object.keys(rest).length > 0) body.output_config = rest;
  else delete body.output_config;
  notes.dropped('output_config.effort');
}

export function claudeRules(body: Record<string, unknown>, modelName: string, notes: RuleNotes): void {
  const model = claudeVersion(modelName);
  if (model) {
    adaptiveThinking(body, model, notes);
    effortSetting(body, model, notes);
  }
  if (thinkingOn(body)) {
    fitThinkingBudget(body, notes);
    samplingBesideThinking(body, notes);
  }
  limitMaxTokens(body, model, notes);
  if (thinkingOn(body)) budgetBelowLimit(body, notes);
  if (
    model &&
    refusesTemperatureWithTopP(model) &&
    body.temperature !== undefined &&
    body.top_p !== undefined
  ) {
    delete body.top_p;
    notes.dropped('top_p');
  }
}
