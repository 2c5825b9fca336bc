/**
 * Per-user model request rate limit (ModelRequestRateLimit* options): within DurationMinutes, at most
 * Count requests (0 = unlimited; failed requests count too) and at most SuccessCount successful ones.
 * Sliding windows kept in memory, each bounded by its limit.
 */
import type { OptionStore } from '../../options/store.ts';

class SlidingWindow {
  private readonly times: number[] = [];

  count(now: number, windowMs: number): number {
    while (this.times.length > 0 && this.times[0]! <= now - windowMs) this.times.shift();
    return this.times.length;
  }

  add(now: number, limit: number): void {
    this.times.push(now);
    if (this.times.length > limit) this.times.shift();
  }
}

export class ModelRateLimiter {
  private readonly total = new Map<number, SlidingWindow>();
  private readonly success = new Map<number, SlidingWindow>();

  constructor(
    private readonly options: Pick<OptionStore, 'getBoolean' | 'getNumber'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Null when allowed (and counted), otherwise the reason for a 429. */
  admit(userId: number): string | null {
    if (!this.options.getBoolean('ModelRequestRateLimitEnabled')) return null;
    const windowMs = Math.max(0, this.options.getNumber('ModelRequestRateLimitDurationMinutes')) * 60_000;
    if (windowMs === 0) return null;
    const totalLimit = this.options.getNumber('ModelRequestRateLimitCount');
    const successLimit = this.options.getNumber('ModelRequestRateLimitSuccessCount');
    const now = this.now();
    const minutes = windowMs / 60_000;
    const successes = this.window(this.success, userId);
    if (successLimit > 0 && successes.count(now, windowMs) >= successLimit) {
      return `at most ${successLimit} successful requests per ${minutes} minute(s)`;
    }
    if (totalLimit > 0) {
      const total = this.window(this.total, userId);
      if (total.count(now, windowMs) >= totalLimit)
        return `at most ${totalLimit} requests per ${minutes} minute(s)`;
      total.add(now, totalLimit);
    }
    return null;
  }

  recordSuccess(userId: number): void {
    if (!this.options.getBoolean('ModelRequestRateLimitEnabled')) return;
    const limit = this.options.getNumber('ModelRequestRateLimitSuccessCount');
    if (limit > 0) this.window(this.success, userId).add(this.now(), limit);
  }

  private window(map: Map<number, SlidingWindow>, userId: number): SlidingWindow {
    let window = map.get(userId);
    if (!window) {
      window = new SlidingWindow();
      map.set(userId, window);
    }
    return window;
  }
}
