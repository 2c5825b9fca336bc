/**
 * Tells the other instances (and WORKERS processes) that a cached record changed, through Redis pub/sub,
 * so that they reload it within milliseconds instead of at their next periodic reload (SYNC_FREQUENCY,
 * which stays as the safety net for a missed message): docs/scale-out.md.
 */
import { randomUUID } from 'node:crypto';
import type { Redis } from 'ioredis';

export type CacheChange =
  /** Local only: the subscription was lost for a while, so everything is reloaded. */
  | { kind: 'everything' }
  | { kind: 'options' }
  | { kind: 'channels' }
  | { kind: 'user'; id: number }
  | { kind: 'token'; id: number };

export type CacheChangeHandler = (change: CacheChange) => Promise<void>;

export interface CacheBus {
  /** Announces a change made by this process (fire and forget: the periodic reload covers a loss). */
  publish(change: CacheChange): void;
}

function parseChange(text: string): { origin: string; change: CacheChange } | null {
  try {
    const message = JSON.parse(text) as { origin?: unknown; change?: { kind?: unknown; id?: unknown } };
    const { origin, change } = message;
    if (typeof origin !== 'string' || !change) return null;
    if (change.kind === 'options' || change.kind === 'channels')
      return { origin, change: { kind: change.kind } };
    if ((change.kind === 'user' || change.kind === 'token') && Number.isSafeInteger(change.id))
      return { origin, change: { kind: change.kind, id: change.id as number } };
    return null;
  } catch {
    return null;
  }
}

export class RedisCacheBus implements CacheBus {
  /** Distinguishes this process's own messages, which it has already applied. */
  readonly origin = randomUUID();
  private subscriber: Redis | null = null;

  constructor(
    private readonly publisher: Redis,
    private readonly onError: (error: unknown) => void,
    private readonly channel = 'switchyard:cache-changes',
  ) {}

  /** Subscribes on a connection of its own (a subscribed connection can run nothing else). */
  async subscribe(handler: CacheChangeHandler): Promise<void> {
    const subscriber = this.publisher.duplicate();
    this.subscriber = subscriber;
    subscriber.on('error', this.onError);
    let subscribed = false;
    // Messages published while the connection was down are lost: reload everything once it is back.
    subscriber.on('ready', () => {
      if (subscribed) handler({ kind: 'everything' }).catch(this.onError);
    });
    subscriber.on('message', (_channel: string, text: string) => {
      const message = parseChange(text);
      if (!message || message.origin === this.origin) return;
      handler(message.change).catch(this.onError);
    });
    await subscriber.subscribe(this.channel);
    subscribed = true;
  }

  publish(change: CacheChange): void {
    this.publisher.publish(this.channel, JSON.stringify({ origin: this.origin, change })).catch(this.onError);
  }

  close(): void {
    this.subscriber?.disconnect();
    this.subscriber = null;
  }
}
