/** GET /api/user/self/limits (docs/limits.md "Console API"): what limits the signed-in user, with its use now. */
import type { LimitSet, LimitUsage } from '../traffic-limits.ts';

/** One scope's limits and their usage (`usage` holds one entry per limit set). */
export interface ScopeLimits {
  limits: LimitSet;
  usage: LimitUsage[];
}

export interface SelfLimits {
  user: ScopeLimits;
  group: ScopeLimits & { name: string };
  models: Array<ScopeLimits & { model: string }>;
  tokens: Array<ScopeLimits & { id: number; name: string }>;
}
