/**
 * The caller's own traffic limits (GET /api/user/self/limits, docs/limits.md "Console API"): every limit that
 * applies to the signed-in user — their own, their group's, their group's per-model limits and those of
 * their keys — each with how much of it is used now.
 */
import type { LimitSet, LimitUsage } from '../../../common/traffic-limits.ts';
import { http } from './client.ts';

/** One scope's limits and their usage (`usage` holds one entry per limit set). */
export interface ScopeLimits {
  limits: LimitSet;
  usage: LimitUsage[];
}

export interface MyLimits {
  user: ScopeLimits;
  group: ScopeLimits & { name: string };
  models: Array<ScopeLimits & { model: string }>;
  tokens: Array<ScopeLimits & { id: number; name: string }>;
}

export function fetchMyLimits() {
  return http.get<MyLimits>('/api/user/self/limits');
}
