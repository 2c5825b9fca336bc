/**
 * The options of channel affinity, in new-api's names (its setting/operation_setting
 * channel_affinity_setting.go, stored as `channel_affinity_setting.*` rows); ./catalogue.ts lists them with
 * every other option. docs/reference/routing.md "Affinity" says what each does; the rules are evaluated by
 * server/src/relay/routing/affinity-rules.ts.
 */
import { z } from 'zod';
import { compileGoPattern } from '../../../common/go-pattern.ts';
import { flag, json, number, type OptionDefinition } from './definitions.ts';
import type { JsonShape } from './json-shapes.ts';

function compiles(pattern: string): boolean {
  try {
    compileGoPattern(pattern);
    return true;
  } catch {
    return false;
  }
}

const pattern = z.string().refine(compiles);

const keySource = z
  .object({
    type: z.enum(['context_int', 'context_string', 'gjson']),
    key: z.string().optional(),
    path: z.string().optional(),
  })
  .loose();

/** One rule as new-api writes it; unknown fields (e.g. its `param_override_template`) are kept and ignored. */
const rule = z
  .object({
    name: z.string(),
    model_regex: z.array(pattern),
    path_regex: z.array(pattern).optional(),
    user_agent_include: z.array(z.string()).optional(),
    key_sources: z.array(keySource),
    value_regex: pattern.optional(),
    ttl_seconds: z.number().int().min(0).optional(),
    skip_retry_on_failure: z.boolean().optional(),
    include_using_group: z.boolean().optional(),
    include_rule_name: z.boolean().optional(),
  })
  .loose();

export type AffinityRule = z.infer<typeof rule>;

/** The shape of `channel_affinity_setting.rules`: new-api's rule list, every regular expression compiling. */
export const AFFINITY_RULES_SHAPE: JsonShape = {
  schema: z.array(rule),
  message: 'option.json_affinity_rules',
};

export const AFFINITY_OPTIONS: OptionDefinition[] = [
  /** A call that continues a conversation prefers the channel and key that served it before. */
  flag('channel_affinity_setting.enabled', false),
  /** After a call served elsewhere succeeds, its channel replaces the remembered one. */
  flag('channel_affinity_setting.switch_on_success', true),
  /** Conversations remembered in memory per instance; the least recently used make room. */
  number('channel_affinity_setting.max_entries', 100_000, { minimum: 1, maximum: 10_000_000 }),
  /** How long a conversation stays pinned after its last call, unless its rule sets ttl_seconds. */
  number('channel_affinity_setting.default_ttl_seconds', 3600, { minimum: 1, maximum: 30 * 86_400 }),
  /** new-api's rules, tried before the built-in recognition; [] leaves only the built-in recognition. */
  json('channel_affinity_setting.rules', [], AFFINITY_RULES_SHAPE),
];
