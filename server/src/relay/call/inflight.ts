/**
 * The relay calls in progress, so that a shutdown can wait for them to finish and settle, and end the
 * ones still running at the drain deadline (their upstream is aborted; the stream relay then closes the
 * client's stream with the interrupted-stream event and bills what was delivered, a non-streaming call
 * is refunded). See docs/decisions/0008-durable-ledger-and-shutdown.md.
 */

/** The reason given to the aborts of a shutdown (distinguishes them from a client that left). */
export const SHUTDOWN_REASON = 'the server is shutting down';

/** What a call in progress is ended with (a relay call's Cancel, a realtime session's AbortController). */
export interface Abortable {
  abort(reason?: unknown): void;
}

export class InflightCalls {
  private readonly calls = new Set<Abortable>();
  private waiters: (() => void)[] = [];
  private stoppingNow = false;

  /** Registers a call until the returned function is called (after its settlement is applied). */
  enter(abort: Abortable): () => void {
    this.calls.add(abort);
    if (this.stoppingNow) abort.abort(SHUTDOWN_REASON);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.calls.delete(abort);
      if (this.calls.size === 0) this.wakeWaiters();
    };
  }

  get size(): number {
    return this.calls.size;
  }

  /** True once `abortAll` ran: calls that start now are ended at once. */
  get stopping(): boolean {
    return this.stoppingNow;
  }

  /** Aborts every call in progress (and any that starts later). */
  abortAll(): void {
    this.stoppingNow = true;
    for (const abort of this.calls) abort.abort(SHUTDOWN_REASON);
  }

  /** Resolves true when no call is in progress, or false after `timeoutMs`. */
  waitIdle(timeoutMs: number): Promise<boolean> {
    if (this.calls.size === 0) return Promise.resolve(true);
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        resolve(true);
      };
      const timer = setTimeout(() => {
        this.waiters = this.waiters.filter((waiter) => waiter !== done);
        resolve(false);
      }, timeoutMs);
      this.waiters.push(done);
    });
  }

  private wakeWaiters(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const waiter of waiters) waiter();
  }
}
