/**
 * Where each conversation was served (./affinity.ts): a least-recently-used map in memory bounded by
 * `channel_affinity_setting.max_entries`, each entry with its own expiry checked when read (no timer per
 * entry), and with Redis — when REDIS_CONN_STRING is set — the same entries under `${keyPrefix}affinity:`
 * with PX expiry, so every instance knows them. Memory answers first; Redis fills memory on a miss. A Redis
 * failure is reported and counts as a miss: affinity is a preference, never a reason for a call to fail.
 */
import type { Redis } from 'ioredis';
import type { AffinityTarget } from './affinity.ts';

interface Entry {
  channelId: number;
  keyIndex: number;
  expiresAt: number;
}

export interface AffinityStoreOptions {
  redis: Redis | null;
  keyPrefix: string;
  /** Read at each insertion, so a changed option applies at once. */
  maxEntries: () => number;
  now: () => number;
  onError: (error: Error) => void;
}

/** "channelId:keyIndex" — the Redis value. */
function encode(target: AffinityTarget): string {
  return `${target.channelId}:${target.keyIndex}`;
}

function decode(value: string | null): AffinityTarget | null {
  if (!value) return null;
  const colon = value.indexOf(':');
  const channelId = Number(colon < 0 ? value : value.slice(0, colon));
  const keyIndex = colon < 0 ? 0 : Number(value.slice(colon + 1));
  if (!Number.isSafeInteger(channelId) || channelId <= 0) return null;
  if (!Number.isSafeInteger(keyIndex) || keyIndex < 0) return null;
  return { channelId, keyIndex };
}

export class AffinityStore {
  private readonly entries = new Map<string, Entry>();
  private readonly redis: Redis | null;
  private readonly prefix: string;
  private readonly options: AffinityStoreOptions;

  constructor(options: AffinityStoreOptions) {
    this.options = options;
    this.redis = options.redis;
    this.prefix = `${options.keyPrefix}affinity:`;
  }

  /** Entries in memory (for tests and metrics). */
  get size(): number {
    return this.entries.size;
  }

  /** The entry of `id` in memory, made the most recent; undefined when absent or expired. */
  private fresh(id: string): Entry | undefined {
    const entry = this.entries.get(id);
    if (!entry) return undefined;
    this.entries.delete(id);
    if (entry.expiresAt <= this.options.now()) return undefined;
    this.entries.set(id, entry);
    return entry;
  }

  private put(id: string, target: AffinityTarget, expiresAt: number): void {
    this.entries.delete(id);
    const limit = Math.max(1, Math.floor(this.options.maxEntries()));
    while (this.entries.size >= limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest === undefined) break;
      this.entries.delete(oldest);
    }
    this.entries.set(id, { channelId: target.channelId, keyIndex: target.keyIndex, expiresAt });
  }

  /** Memory first (answered without a promise), then Redis. */
  get(id: string): AffinityTarget | null | Promise<AffinityTarget | null> {
    const entry = this.fresh(id);
    if (entry) return { channelId: entry.channelId, keyIndex: entry.keyIndex };
    if (!this.redis) return null;
    return this.fromRedis(id);
  }

  private async fromRedis(id: string): Promise<AffinityTarget | null> {
    const redis = this.redis as Redis;
    try {
      const replies = await redis
        .multi()
        .get(this.prefix + id)
        .pttl(this.prefix + id)
        .exec();
      const [getReply, ttlReply] = replies ?? [];
      if (getReply?.[0]) throw getReply[0];
      const target = decode(getReply?.[1] as string | null);
      const ttl = Number(ttlReply?.[1]);
      if (target && ttl > 0) this.put(id, target, this.options.now() + ttl);
      return target;
    } catch (error) {
      this.options.onError(error as Error);
      return null;
    }
  }

  /**
   * Records `target` for `ttlMs`. With `replace` false an existing different target is kept (in memory;
   * in Redis the value is only written where none is held).
   */
  set(id: string, target: AffinityTarget, ttlMs: number, replace: boolean): void {
    const current = this.fresh(id);
    const same = current?.channelId === target.channelId && current.keyIndex === target.keyIndex;
    if (current && !same && !replace) return;
    this.put(id, target, this.options.now() + ttlMs);
    if (!this.redis) return;
    if (replace || same) {
      this.redis
        .set(this.prefix + id, encode(target), 'PX', ttlMs)
        .catch((error: Error) => this.options.onError(error));
      return;
    }
    // Another instance may hold a pin this one has not read: it is kept, and read again next time.
    this.redis
      .set(this.prefix + id, encode(target), 'PX', ttlMs, 'NX')
      .then((reply) => {
        if (reply === null) this.entries.delete(id);
      })
      .catch((error: Error) => this.options.onError(error));
  }

  delete(id: string): void {
    this.entries.delete(id);
    this.redis?.del(this.prefix + id).catch((error: Error) => this.options.onError(error));
  }
}
