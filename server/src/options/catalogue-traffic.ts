/**
 * The options of traffic control (docs/limits.md, docs/reference/routing.md): limits per group and per model
 * in a group, fallback chains, the retry policy per error class and the bounded wait for a busy channel,
 * stored as `traffic_setting.*` rows; ./catalogue.ts lists them with every other option.
 */
import { z } from 'zod';
import { ERROR_ACTIONS, ERROR_CLASSES } from '../../../common/error-classes.ts';
import { LIMIT_KINDS, parseLimitSet } from '../../../common/traffic-limits.ts';
import { json, number, type OptionDefinition, text } from './definitions.ts';
import type { JsonShape } from './json-shapes.ts';

/** How many fallback models one model may name. */
export const MAX_FALLBACKS = 5;

/**
 * A limit set checked exactly as a key's (common/traffic-limits.ts parseLimitSet), except that counts must be
 * JSON numbers: an option is read back as written (server/src/options/store.ts getJson), so "10" would
 * reach the limiter as a string where a key's limits are stored normalised.
 */
function isOptionLimitSet(value: unknown): boolean {
  if ('problem' in parseLimitSet(value)) return false;
  const fields = (value ?? {}) as Record<string, unknown>;
  return LIMIT_KINDS.every((kind) => fields[kind] === undefined || typeof fields[kind] === 'number');
}

const limitSet = z.unknown().refine(isOptionLimitSet);
const name = z.string().refine((text) => text.trim() !== '');

/** The fallbacks of one model: names, none blank, none twice, at most MAX_FALLBACKS. */
const fallbackList = z
  .array(name)
  .max(MAX_FALLBACKS)
  .refine((list) => new Set(list).size === list.length);

/** One model's fallbacks in each group, a model never its own fallback. */
const fallbackModels = z.record(
  z.string(),
  z
    .record(name, fallbackList)
    .refine((byModel) => Object.entries(byModel).every(([model, list]) => !list.includes(model))),
);

/** A class's whole policy (common/error-classes.ts ErrorPolicy): classes left out keep their default. */
const errorPolicy = z.partialRecord(
  z.enum(ERROR_CLASSES),
  z.strictObject({
    action: z.enum(ERROR_ACTIONS),
    cooldown_seconds: z.number().int().min(-1),
    disable: z.boolean(),
  }),
);

export const trafficShapes = {
  /** {"vip": {"rpm": 600, "budget": 5000000, "budget_period": "month"}} — a group's total across its users. */
  groupLimits: {
    schema: z.record(z.string(), limitSet),
    message: 'option.json_group_limits',
  },
  /** {"vip": {"gpt-4o": {"tpm": 200000}}} */
  modelLimits: {
    schema: z.record(z.string(), z.record(z.string(), limitSet)),
    message: 'option.json_model_limits',
  },
  /** {"default": {"gpt-4o": ["gpt-4o-mini", "claude-sonnet-4"]}} */
  fallbackModels: { schema: fallbackModels, message: 'option.json_fallback_models' },
  /** {"rate_limited": {"action": "retry", "cooldown_seconds": 30, "disable": false}} */
  errorPolicy: { schema: errorPolicy, message: 'option.json_error_policy' },
} as const satisfies Record<string, JsonShape>;

/** The model name a reply carries after a fallback: the one the client asked for, or the one that served. */
export const FALLBACK_REPLY_MODELS = ['requested', 'served'] as const;

export const TRAFFIC_OPTIONS: OptionDefinition[] = [
  json('traffic_setting.group_limits', {}, trafficShapes.groupLimits),
  json('traffic_setting.model_limits', {}, trafficShapes.modelLimits),
  json('traffic_setting.fallback_models', {}, trafficShapes.fallbackModels),
  text('traffic_setting.fallback_reply_model', 'requested', { choices: FALLBACK_REPLY_MODELS }),
  json('traffic_setting.error_policy', {}, trafficShapes.errorPolicy),
  // How long a call may wait for a channel at its concurrency cap before it is refused, and how many
  // calls may wait at once on one instance; 0 ms refuses at once.
  number('traffic_setting.queue_wait_ms', 0, { maximum: 60_000 }),
  number('traffic_setting.queue_max', 100, { maximum: 10_000 }),
];
