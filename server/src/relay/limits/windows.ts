/**
 * The in-memory sliding windows of the limiter (./memory-limiter.ts): requests and tokens of the last 60
 * seconds in per-second buckets (fixed size whatever the traffic), and logs of event times for the
 * internal windows of any length (bounded by their limit).
 */

const SLOTS = 60;

/**
 * Requests and tokens counted in each of the last 60 whole seconds. An entry counted during second s
 * leaves the window when second s + 60 begins. Totals are kept, so reading them is O(1); moving on drops
 * the seconds that left (O(seconds elapsed), at most 60).
 */
export class MinuteWindow {
  private readonly requests = new Float64Array(SLOTS);
  private readonly tokens = new Float64Array(SLOTS);
  /** The latest second the window was moved to; counting goes there (a clock stepping back included). */
  private head = Number.NEGATIVE_INFINITY;
  /**
   * Every second of the window before these holds no requests (tokens): where a search for the oldest
   * entry starts. They only move forward between clears, so finding the oldest is O(1) amortized.
   */
  private requestsFrom = Number.POSITIVE_INFINITY;
  private tokensFrom = Number.POSITIVE_INFINITY;
  requestTotal = 0;
  tokenTotal = 0;

  /** Moves the window's end to `second`, dropping the seconds that left it. */
  advance(second: number): void {
    if (second <= this.head) return;
    if (second - this.head >= SLOTS) {
      this.requests.fill(0);
      this.tokens.fill(0);
      this.requestTotal = 0;
      this.tokenTotal = 0;
      this.requestsFrom = Number.POSITIVE_INFINITY;
      this.tokensFrom = Number.POSITIVE_INFINITY;
    } else {
      for (let past = this.head + 1; past <= second; past += 1) {
        const slot = past % SLOTS;
        this.requestTotal -= this.requests[slot]!;
        this.tokenTotal -= this.tokens[slot]!;
        this.requests[slot] = 0;
        this.tokens[slot] = 0;
      }
    }
    this.head = second;
  }

  /** Counts into the current second; returns that second (for a later correction). */
  add(requests: number, tokens: number): number {
    const slot = this.head % SLOTS;
    this.requests[slot]! += requests;
    this.tokens[slot]! += tokens;
    this.requestTotal += requests;
    this.tokenTotal += tokens;
    if (requests > 0 && this.head < this.requestsFrom) this.requestsFrom = this.head;
    if (tokens > 0 && this.head < this.tokensFrom) this.tokensFrom = this.head;
    return this.head;
  }

  /** Adds `delta` tokens to second `second` if it is still in the window, never below 0. */
  correctTokens(second: number, delta: number): void {
    if (second <= this.head - SLOTS || second > this.head) return;
    const slot = second % SLOTS;
    const before = this.tokens[slot]!;
    const after = before + delta > 0 ? before + delta : 0;
    this.tokens[slot] = after;
    this.tokenTotal += after - before;
    if (after > 0 && second < this.tokensFrom) this.tokensFrom = second;
  }

  /**
   * When (ms) at least `need` requests (or tokens) will have left the window: the start of the second
   * after which the oldest entries summing to `need` are out; null when the window holds less than that.
   */
  leaveTime(tokens: boolean, need: number): number | null {
    const counts = tokens ? this.tokens : this.requests;
    let second = Math.max(tokens ? this.tokensFrom : this.requestsFrom, this.head - SLOTS + 1);
    while (second <= this.head && counts[second % SLOTS] === 0) second += 1;
    if (tokens) this.tokensFrom = second;
    else this.requestsFrom = second;
    let left = 0;
    for (; second <= this.head; second += 1) {
      left += counts[second % SLOTS]!;
      if (left >= need && left > 0) return (second + SLOTS) * 1000;
    }
    return null;
  }

  /** True when nothing is counted (the window can be forgotten). */
  empty(): boolean {
    return this.requestTotal <= 0 && this.tokenTotal <= 0;
  }
}

/** Times (ms) of events within a sliding window of any length, oldest first, at most `cap` kept. */
export class EventLog {
  private readonly times: number[] = [];

  /** Events within the `windowMs` before `now` (older ones are dropped). */
  count(now: number, windowMs: number): number {
    const times = this.times;
    let old = 0;
    while (old < times.length && times[old]! <= now - windowMs) old += 1;
    if (old > 0) times.splice(0, old);
    return times.length;
  }

  /** Records an event, dropping the oldest beyond `cap` (the limit: older ones cannot change a decision). */
  add(now: number, cap: number): void {
    this.times.push(now);
    if (this.times.length > cap) this.times.splice(0, this.times.length - cap);
  }

  /** When (ms) the `need`-th oldest event leaves a window of `windowMs`. */
  leaveTime(need: number, windowMs: number): number {
    const index = Math.min(Math.max(need, 1), this.times.length) - 1;
    return (this.times[index] ?? 0) + windowMs;
  }
}
