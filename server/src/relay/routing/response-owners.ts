/**
 * Who created each stored response (docs/formats.md "Responses: previous_response_id"). A Responses call
 * relayed to a channel that speaks OpenAI's Responses API leaves a response stored at that channel's
 * account; a later call may continue it with `previous_response_id`. Such a call is accepted only when
 * the response was created through this gateway by the same user, and it is sent to the channel that
 * holds the response (no other account has it). Anything else — an id of another user, one relayed
 * elsewhere, one forgotten — is refused with 400 `previous_response_not_found` before anything is priced.
 *
 * Kept in memory, bounded (the oldest entries make room) and for as long as OpenAI keeps a stored
 * response by default (30 days). With REDIS_CONN_STRING the entries are also written to Redis under the
 * key prefix, with the same expiry, so every instance knows them.
 */
import type { Redis } from 'ioredis';

export interface ResponseOwner {
  userId: number;
  /** The channel whose account stores the response. */
  channelId: number;
}

/** OpenAI keeps a stored response for 30 days unless it is deleted. */
export const RESPONSE_OWNER_TTL_MS = 30 * 24 * 3_600_000;
/** Entries kept in memory per process (about 100 bytes each). */
export const RESPONSE_OWNER_LIMIT = 100_000;

interface Entry extends ResponseOwner {
  expiresAt: number;
}

export interface ResponseOwnersOptions {
  redis?: Redis | null;
  keyPrefix?: string;
  limit?: number;
  ttlMs?: number;
  now?: () => number;
  onError?: (error: Error) => void;
}

function isOwner(value: unknown): value is ResponseOwner {
  if (typeof value !== 'object' || value === null) return false;
  const { userId, channelId } = value as Record<string, unknown>;
  return Number.isSafeInteger(userId) && Number.isSafeInteger(channelId);
}

export class ResponseOwners {
  private readonly entries = new Map<string, Entry>();
  private readonly redis: Redis | null;
  private readonly keyPrefix: string;
  private readonly limit: number;
  private readonly ttlMs: number;
  private readonly now: () => number;
  private readonly onError: (error: Error) => void;

  constructor(options: ResponseOwnersOptions = {}) {
    this.redis = options.redis ?? null;
    this.keyPrefix = `${options.keyPrefix ?? ''}response-owner:`;
    this.limit = options.limit ?? RESPONSE_OWNER_LIMIT;
    this.ttlMs = options.ttlMs ?? RESPONSE_OWNER_TTL_MS;
    this.now = options.now ?? Date.now;
    this.onError = options.onError ?? (() => undefined);
  }

  /** Records that `owner.userId` created response `id`, stored at `owner.channelId`. */
  remember(id: string, owner: ResponseOwner): void {
    if (!id) return;
    this.entries.delete(id);
    if (this.entries.size >= this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(id, {
      userId: owner.userId,
      channelId: owner.channelId,
      expiresAt: this.now() + this.ttlMs,
    });
    this.redis
      ?.set(
        this.keyPrefix + id,
        JSON.stringify({ userId: owner.userId, channelId: owner.channelId }),
        'PX',
        this.ttlMs,
      )
      .catch((error: Error) => this.onError(error));
  }

  /** The owner of response `id`, if this gateway relayed it and has not forgotten it. */
  async ownerOf(id: string): Promise<ResponseOwner | undefined> {
    const entry = this.entries.get(id);
    if (entry) {
      if (entry.expiresAt > this.now()) return { userId: entry.userId, channelId: entry.channelId };
      this.entries.delete(id);
    }
    if (!this.redis) return undefined;
    let stored: string | null;
    try {
      stored = await this.redis.get(this.keyPrefix + id);
    } catch (error) {
      this.onError(error as Error);
      return undefined;
    }
    if (!stored) return undefined;
    try {
      const owner: unknown = JSON.parse(stored);
      return isOwner(owner) ? { userId: owner.userId, channelId: owner.channelId } : undefined;
    } catch {
      return undefined;
    }
  }
}
