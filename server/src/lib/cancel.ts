/**
 * A cancellation a relay call and its upstream request share. Undici accepts an EventEmitter with
 * `aborted` and `reason` as a request's signal; an AbortController and its EventTarget signal cost
 * several times as much to create and to listen to, and a relay call made two of them and four
 * listeners (server/src/lib/http-client.ts `send`, server/src/relay/call/pipeline.ts).
 */
import { EventEmitter } from 'node:events';

export class Cancel extends EventEmitter {
  aborted = false;
  reason: unknown = undefined;

  /** Aborts once: later calls change nothing. */
  abort(reason?: unknown): void {
    if (this.aborted) return;
    this.aborted = true;
    this.reason = reason ?? new Error('This operation was aborted');
    this.emit('abort');
  }
}

/** What a caller may cancel an upstream request with. */
export type AbortSource = AbortSignal | Cancel;

/** Calls `listener` once when `source` aborts; returns the function that stops listening. */
export function onAbort(source: AbortSource, listener: () => void): () => void {
  if (source instanceof Cancel) {
    source.once('abort', listener);
    return () => source.removeListener('abort', listener);
  }
  source.addEventListener('abort', listener, { once: true });
  return () => source.removeEventListener('abort', listener);
}
