/**
 * The caller's own traffic limits (GET /api/user/self/limits, docs/limits.md "Console API"): every limit that
 * applies to the signed-in user — their own, their group's, their group's per-model limits and those of
 * their keys — each with how much of it is used now.
 */
import type { ScopeLimits, SelfLimits } from '../../../common/api/limits.ts';
import { http } from './client.ts';

export type { ScopeLimits, SelfLimits };

export function fetchMyLimits() {
  return http.get<SelfLimits>('/api/user/self/limits');
}
