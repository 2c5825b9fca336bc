/**
 * Bounds on the usage an upstream reports (docs/decisions/0010-relay-admission-and-usage-bounds.md). An
 * upstream is not trusted to report sane numbers: a count past MAX_REPORTED_TOKENS (ten times the largest
 * context window any model offers today) is capped there, and the anomaly is reported so it can be logged.
 */
import type { TokenUsage } from './pricing.ts';

/** The most tokens one field of one call's usage may bill. */
export const MAX_REPORTED_TOKENS = 20_000_000;

export interface BoundedUsage {
  usage: TokenUsage;
  /** The fields that were out of bounds, with the reported values (empty when all were sane). */
  anomalies: Partial<Record<Exclude<keyof TokenUsage, 'toolCalls'>, number>>;
}

function bound(value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  if (!Number.isFinite(value) || value <= 0) return 0;
  return Math.min(Math.floor(value), MAX_REPORTED_TOKENS);
}

export function boundUsage(usage: TokenUsage): BoundedUsage {
  const anomalies: BoundedUsage['anomalies'] = {};
  const bounded: TokenUsage = { ...usage };
  for (const key of Object.keys(usage) as (keyof TokenUsage)[]) {
    if (key === 'toolCalls') continue;
    const reported = usage[key];
    const value = bound(reported);
    if (value === undefined) continue;
    if (
      typeof reported === 'number' &&
      (reported > MAX_REPORTED_TOKENS || !Number.isFinite(reported) || reported < 0)
    )
      anomalies[key] = reported;
    bounded[key] = value;
  }
  if (usage.toolCalls) bounded.toolCalls = boundToolCalls(usage.toolCalls);
  return { usage: bounded, anomalies };
}

/** The most tool calls of one kind one call may bill. */
export const MAX_REPORTED_TOOL_CALLS = 10_000;

/** Tool-call counts as whole numbers in 0…MAX_REPORTED_TOOL_CALLS. */
function boundToolCalls(toolCalls: Readonly<Record<string, number>>): Record<string, number> {
  const bounded: Record<string, number> = {};
  for (const [kind, count] of Object.entries(toolCalls))
    bounded[kind] =
      Number.isFinite(count) && count > 0 ? Math.min(Math.floor(count), MAX_REPORTED_TOOL_CALLS) : 0;
  return bounded;
}
