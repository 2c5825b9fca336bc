/**
 * Fixed-window counters per key (REFERENCE §2 IP rate limits). The memory store serves one instance;
 * the RateLimitStore interface lets a Redis store share windows across instances.
 */
export interface RateLimitVerdict {
  allowed: boolean;
  remaining: number;
  /** Seconds until the current window ends. */
  resetSeconds: number;
}

export interface RateLimitStore {
  hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitVerdict>;
  close?(): Promise<void>;
}

interface Window {
  count: number;
  endsAt: number;
}

export class MemoryRateLimitStore implements RateLimitStore {
  private readonly windows = new Map<string, Window>();
  private readonly sweeper: NodeJS.Timeout;

  constructor(private readonly now: () => number = Date.now) {
    this.sweeper = setInterval(() => this.sweep(), 60_000);
    this.sweeper.unref();
  }

  async hit(key: string, limit: number, windowSeconds: number): Promise<RateLimitVerdict> {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || window.endsAt <= now) {
      window = { count: 0, endsAt: now + windowSeconds * 1000 };
      this.windows.set(key, window);
    }
    window.count += 1;
    return {
      allowed: window.count <= limit,
      remaining: Math.max(0, limit - window.count),
      resetSeconds: Math.ceil((window.endsAt - now) / 1000),
    };
  }

  async close(): Promise<void> {
    clearInterval(this.sweeper);
  }

  private sweep(): void {
    const now = this.now();
    for (const [key, window] of this.windows) if (window.endsAt <= now) this.windows.delete(key);
  }
}
