/**
 * Channel affinity (docs/reference/routing.md): a call that continues a conversation prefers the channel and
 * key that served it before. SHELL — to be replaced by its implementation (helper D).
 */
import type { Redis } from 'ioredis';
import type { OptionStore } from '../../options/store.ts';

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

export class ChannelAffinity {
  constructor(_options: ChannelAffinityOptions) {}

  /** The call's affinity key, or null (affinity off, or nothing identifies the conversation). */
  keyOf(_input: AffinityInput): string | null {
    return null;
  }

  /** Where the conversation of `key` was served last (memory, then Redis), or null. */
  lookup(_key: string): AffinityTarget | null | Promise<AffinityTarget | null> {
    return null;
  }

  /** Records where the conversation of `key` was served. */
  remember(_key: string, _target: AffinityTarget): void {}

  /** Forgets a key whose channel could not serve it. */
  forget(_key: string): void {}
}
