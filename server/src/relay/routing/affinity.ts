/**
 * Channel affinity (docs/reference/routing.md "Affinity"): a call that continues a conversation prefers the
 * channel and key that served it before, so the provider's prompt cache hits. It is only a preference: the
 * chooser (./next-channel.ts) takes the remembered target only when it is still a usable candidate of the
 * call, and chooses normally otherwise.
 *
 * The conversation is identified by new-api's rules (`channel_affinity_setting.rules`, ./affinity-rules.ts),
 * else by the built-in recognition of ./affinity-key.ts. The key is a hash of the user, the group, the model
 * and that identification — never raw content — so two users never share a pin and a session that switches
 * models keeps one pin per model. Where it was served is kept by ./affinity-store.ts.
 *
 * Off (`channel_affinity_setting.enabled` false, the default), `keyOf` costs one option read and returns null.
 */
import { createHash } from 'node:crypto';
import type { Redis } from 'ioredis';
import type { OptionStore } from '../../options/store.ts';
import { builtInValue } from './affinity-key.ts';
import { type AffinityRule, compileRules, matchRule } from './affinity-rules.ts';
import { AffinityStore } from './affinity-store.ts';

export interface AffinityInput {
  model: string;
  usingGroup: string;
  /** The request's path without the query (`/v1/chat/completions`). */
  path: string;
  headers: Readonly<Record<string, string | string[] | undefined>>;
  body: Readonly<Record<string, unknown>>;
  userId: number;
  tokenId: number | null;
}

export interface AffinityTarget {
  channelId: number;
  /** The key of a multi-key channel (0 otherwise). */
  keyIndex: number;
}

export interface ChannelAffinityOptions {
  options: Pick<OptionStore, 'getBoolean' | 'getNumber' | 'getJson' | 'get'>;
  redis?: Redis | null;
  keyPrefix?: string;
  onError?: (error: Error) => void;
  now?: () => number;
}

/** The option keys, new-api's names (server/src/options/catalogue-affinity.ts). */
export const AFFINITY_SETTING = {
  enabled: 'channel_affinity_setting.enabled',
  switchOnSuccess: 'channel_affinity_setting.switch_on_success',
  maxEntries: 'channel_affinity_setting.max_entries',
  defaultTtlSeconds: 'channel_affinity_setting.default_ttl_seconds',
  rules: 'channel_affinity_setting.rules',
} as const;

const DEFAULT_MAX_ENTRIES = 100_000;
const DEFAULT_TTL_SECONDS = 3600;

/**
 * Keys read `<ttl seconds>.<hash>`: the TTL of the rule that matched (0: the default TTL) travels with the
 * key, so `remember` needs nothing kept between the two calls.
 */
function composeKey(ttlSeconds: number, parts: readonly (string | number)[]): string {
  const hash = createHash('sha256');
  for (const part of parts) {
    hash.update(String(part));
    hash.update('\u0000');
  }
  return `${ttlSeconds}.${hash.digest('base64url')}`;
}

function splitKey(key: string): { ttlSeconds: number; id: string } | null {
  const dot = key.indexOf('.');
  if (dot <= 0 || dot === key.length - 1) return null;
  const ttlSeconds = Number(key.slice(0, dot));
  if (!Number.isSafeInteger(ttlSeconds) || ttlSeconds < 0) return null;
  return { ttlSeconds, id: key.slice(dot + 1) };
}

export class ChannelAffinity {
  private readonly options: ChannelAffinityOptions['options'];
  private readonly store: AffinityStore;

  constructor(options: ChannelAffinityOptions) {
    this.options = options.options;
    this.store = new AffinityStore({
      redis: options.redis ?? null,
      keyPrefix: options.keyPrefix ?? '',
      maxEntries: () => this.options.getNumber(AFFINITY_SETTING.maxEntries) || DEFAULT_MAX_ENTRIES,
      now: options.now ?? Date.now,
      onError: options.onError ?? (() => undefined),
    });
  }

  /** Whether affinity is on (`channel_affinity_setting.enabled`). */
  get enabled(): boolean {
    return this.options.getBoolean(AFFINITY_SETTING.enabled);
  }

  /** Entries held in memory by this instance. */
  get size(): number {
    return this.store.size;
  }

  /** The call's affinity key, or null (affinity off, or nothing identifies the conversation). */
  keyOf(input: AffinityInput): string | null {
    if (!this.options.getBoolean(AFFINITY_SETTING.enabled)) return null;
    const owner = input.userId > 0 ? `u${input.userId}` : `t${input.tokenId ?? 0}`;
    const rules = this.options.getJson<readonly AffinityRule[] | null>(AFFINITY_SETTING.rules);
    if (Array.isArray(rules) && rules.length > 0) {
      const match = matchRule(compileRules(rules), input);
      if (match) {
        const tag = match.includeRuleName ? `rule:${match.rule}` : 'rule';
        return composeKey(match.ttlSeconds, [owner, input.usingGroup, input.model, tag, match.value]);
      }
    }
    const builtIn = builtInValue(input);
    if (!builtIn) return null;
    return composeKey(0, [owner, input.usingGroup, input.model, builtIn.source, builtIn.value]);
  }

  /** Where the conversation of `key` was served last (memory, then Redis), or null. */
  lookup(key: string): AffinityTarget | null | Promise<AffinityTarget | null> {
    const parsed = splitKey(key);
    return parsed ? this.store.get(parsed.id) : null;
  }

  /**
   * Records where the conversation of `key` was served, for the rule's TTL (else
   * `channel_affinity_setting.default_ttl_seconds`), restarting it. A different target replaces the
   * remembered one only with `channel_affinity_setting.switch_on_success` (the default).
   */
  remember(key: string, target: AffinityTarget): void {
    const parsed = splitKey(key);
    if (!parsed || !Number.isSafeInteger(target.channelId) || target.channelId <= 0) return;
    const ttlSeconds =
      parsed.ttlSeconds || this.options.getNumber(AFFINITY_SETTING.defaultTtlSeconds) || DEFAULT_TTL_SECONDS;
    const replace = this.options.getBoolean(AFFINITY_SETTING.switchOnSuccess);
    this.store.set(parsed.id, target, ttlSeconds * 1000, replace);
  }

  /** Forgets a key whose channel could not serve it. */
  forget(key: string): void {
    const parsed = splitKey(key);
    if (parsed) this.store.delete(parsed.id);
  }
}
