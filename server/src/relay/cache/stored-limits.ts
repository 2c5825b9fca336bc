/**
 * Traffic limits as stored in `tokens.limits`, `users.limits` and `channels.limits` (JSON text,
 * docs/limits.md), read once when the caches load (./cached-accounts.ts, ./channel-cache.ts) so that the
 * relay reads a parsed set, or null when nothing limits, and never parses per request. The console's API
 * refuses invalid limits, so an invalid stored value was written by hand or by another program: it limits
 * nothing and is reported once per owner and value, never thrown (a cache load must not fail over it).
 */
import {
  type ChannelLimits,
  hasLimits,
  type LimitProblem,
  parseLimitSet,
} from '../../../../common/traffic-limits.ts';
import { jsonColumnText } from '../../db/json-column.ts';

/** Told about an ignored stored value; `owner` names the row, e.g. `tokens 12`. */
export type StoredLimitsWarning = (owner: string, problem: LimitProblem) => void;

const reported = new Set<string>();

/** Without a logger at hand (the account cache's rows): Node's process warning, once per owner and value. */
export const warnOnProcess: StoredLimitsWarning = (owner, problem) =>
  process.emitWarning(`${owner}: stored limits ignored (${problem.code} at ${problem.field})`, {
    code: 'SWITCHYARD_STORED_LIMITS',
  });

/**
 * The limits a stored column holds: null when empty or when nothing limits (the relay then skips the
 * scope at no cost), the normalised set otherwise. `keyLimits`: a channel's value may carry `key_limits`.
 */
export function readStoredLimits(
  stored: unknown,
  owner: string,
  keyLimits: boolean,
  warn: StoredLimitsWarning,
): ChannelLimits | null {
  const text = jsonColumnText(stored);
  if (text === null) return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    reportOnce(owner, text, { field: 'limits', code: 'limits_not_object' }, warn);
    return null;
  }
  const parsed = parseLimitSet(value, keyLimits);
  if ('problem' in parsed) {
    reportOnce(owner, text, parsed.problem, warn);
    return null;
  }
  const { limits } = parsed;
  return hasLimits(limits) || limits.key_limits ? limits : null;
}

function reportOnce(owner: string, text: string, problem: LimitProblem, warn: StoredLimitsWarning): void {
  const key = `${owner}\n${text}`;
  if (reported.has(key)) return;
  reported.add(key);
  warn(owner, problem);
}
