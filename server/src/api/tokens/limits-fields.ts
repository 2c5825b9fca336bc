/**
 * The `limits` field of the token, user and channel forms (docs/limits.md "Console API"): what a submitted
 * value stores in `tokens.limits`, `users.limits` or `channels.limits`, and what a stored value shows. The
 * relay reads the same columns once per cache load (server/src/relay/cache/stored-limits.ts).
 */
import { z } from 'zod';
import {
  type ChannelLimits,
  hasLimits,
  type LimitProblem,
  parseLimitSet,
} from '../../../../common/traffic-limits.ts';
import { readJsonColumn } from '../../db/json-column.ts';
import { badRequest } from '../../lib/errors.ts';
import type { MessageKey } from '../../lib/messages.ts';

/** An object, its JSON text, or null (none): any shape reaches `limitsColumn`, which names the problem. */
export const limitsInput = z
  .unknown()
  .refine((value) => typeof value !== 'string' || value.length <= 8192)
  .optional();

const problemMessages: Record<string, MessageKey> = {
  limits_not_object: 'limits.not_object',
  limit_not_whole: 'limits.not_whole',
  limit_period: 'limits.period',
  limit_timezone: 'limits.timezone',
  limit_unknown_field: 'limits.unknown_field',
};

function refuse(problem: LimitProblem): Error {
  return badRequest(problemMessages[problem.code] ?? 'limits.not_object', { field: problem.field });
}

/**
 * The column value for submitted limits: the normalised set as JSON, or null when it limits nothing (`{}`
 * and null clear the limits). Invalid limits are a 400 naming the field, before anything is saved.
 * `keyLimits`: a channel's value may carry `key_limits` (each key of a multi-key channel).
 */
export function limitsColumn(value: unknown, keyLimits: boolean): string | null {
  let submitted = value;
  if (typeof value === 'string' && value.trim() !== '') {
    try {
      submitted = JSON.parse(value);
    } catch {
      throw refuse({ field: 'limits', code: 'limits_not_object' });
    }
  }
  const parsed = parseLimitSet(submitted, keyLimits);
  if ('problem' in parsed) throw refuse(parsed.problem);
  return hasLimits(parsed.limits) || parsed.limits.key_limits ? JSON.stringify(parsed.limits) : null;
}

/** The stored limits as the console shows them: `{}` when none (or when the stored value is invalid). */
export function limitsView(stored: unknown, keyLimits: boolean): ChannelLimits {
  const parsed = parseLimitSet(readJsonColumn(stored) ?? null, keyLimits);
  return 'problem' in parsed ? {} : parsed.limits;
}
