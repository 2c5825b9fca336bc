/**
 * The one channel chooser per capability: only channels of the types that serve it are chosen, by
 * priority and never twice for a call; a pinned channel (administrator's `sk-<key>-<id>`, or the channel
 * that stores a continued response) is used alone, and refused as each surface refuses it when it is
 * disabled or of a type that does not serve the capability.
 */
import { describe, expect, it } from 'vitest';
import type { ChannelCapability } from '../../../../common/channel-types.ts';
import type { CachedChannel, ChannelCandidate } from '../cache/channel-cache.ts';
import type { RelayCaller } from '../http/auth.ts';
import { chooseChannel } from './choose.ts';

/** Channel id = type id × 100, so a choice names its type. */
function channel(type: number, status = 1): CachedChannel {
  return { id: type * 100, type, status } as CachedChannel;
}

/** A cache whose candidates for (default, m) are `channels`, the first of the highest priority. */
function cacheOf(channels: readonly CachedChannel[]) {
  const candidates: ChannelCandidate[] = channels.map((entry, index) => ({
    channel: entry,
    priority: channels.length - index,
    weight: 1,
  }));
  return {
    channelCache: {
      candidates: (group: string, model: string) => (group === 'default' && model === 'm' ? candidates : []),
      get: (id: number) => channels.find((entry) => entry.id === id),
    },
  } as unknown as Parameters<typeof chooseChannel>[0];
}

function caller(pinnedChannelId: number | null = null): RelayCaller {
  return { usingGroup: 'default', pinnedChannelId } as RelayCaller;
}

/** Every channel the chooser hands out in turn, as a call that fails on each would get them. */
function choices(
  context: Parameters<typeof chooseChannel>[0],
  capability: ChannelCapability,
  call = { caller: caller() },
): number[] {
  const tried: number[] = [];
  for (let next = chooseChannel(context, call, 'm', capability, tried); next; ) {
    tried.push(next.id);
    next = chooseChannel(context, call, 'm', capability, tried);
  }
  return tried;
}

// Highest priority first: Midjourney, Suno, Jina (embeddings, rerank), Claude (chat), Azure (every route,
// realtime), OpenAI (everything but tasks), DeepSeek (every route, videos).
const mixed = cacheOf([
  channel(2),
  channel(36),
  channel(38),
  channel(14),
  channel(3),
  channel(1),
  channel(43),
]);

describe('chooseChannel', () => {
  it.each([
    ['chat', [1400, 300, 100, 4300]],
    ['embeddings', [3800, 300, 100, 4300]],
    ['rerank', [3800, 300, 100, 4300]],
    ['speech', [300, 100, 4300]],
    ['realtime', [300, 100]],
    ['videos', [100, 4300]],
    ['mj', [200]],
    ['suno', [3600]],
  ] as const)('%s: the serving channels, by priority, each once', (capability, expected) => {
    expect(choices(mixed, capability)).toEqual(expected);
  });

  it('leaves out the channels already tried', () => {
    expect(chooseChannel(mixed, { caller: caller() }, 'm', 'chat', [1400, 300])?.id).toBe(100);
    expect(chooseChannel(mixed, { caller: caller() }, 'other-model', 'chat', [])).toBeNull();
  });

  it('weighs the serving channels of a tier only', () => {
    const context = {
      channelCache: {
        candidates: () => [
          { channel: channel(38), priority: 0, weight: 100 },
          { channel: channel(1), priority: 0, weight: 1 },
        ],
      },
    } as unknown as Parameters<typeof chooseChannel>[0];
    for (let draw = 0; draw < 20; draw += 1)
      expect(chooseChannel(context, { caller: caller() }, 'm', 'chat', [])?.id).toBe(100);
  });

  it('uses a pinned channel alone, once', () => {
    const pinned = { caller: caller(3800) };
    expect(chooseChannel(mixed, pinned, 'm', 'embeddings', [])?.id).toBe(3800);
    expect(chooseChannel(mixed, pinned, 'm', 'embeddings', [3800])).toBeNull();
    const stored = { caller: caller(), storedAtChannelId: 100 };
    expect(chooseChannel(mixed, stored, 'm', 'chat', [])?.id).toBe(100);
    expect(chooseChannel(mixed, stored, 'm', 'chat', [100])).toBeNull();
    // The administrator's pin wins over the stored response's channel.
    expect(chooseChannel(mixed, { caller: caller(300), storedAtChannelId: 100 }, 'm', 'chat', [])?.id).toBe(
      300,
    );
  });

  it.each([
    // capability, pinned channel, status, code, message
    ['chat', 3800, 502, 'channel_misconfigured', 'channel #3800 cannot serve chat requests'],
    [
      'realtime',
      4300,
      400,
      'channel_not_realtime',
      'channel #4300 cannot serve the Realtime API (only OpenAI and Azure OpenAI channels can)',
    ],
    ['mj', 3600, 503, 'channel_unavailable', 'channel #3600 cannot serve m'],
    ['suno', 200, 503, 'channel_unavailable', 'channel #200 cannot serve m'],
    ['videos', 300, 503, 'channel_unavailable', 'channel #300 cannot serve m'],
  ] as const)(
    'refuses a pinned channel whose type does not serve %s',
    (capability, pinned, status, code, message) => {
      expect(() => chooseChannel(mixed, { caller: caller(pinned) }, 'm', capability, [])).toThrow(
        expect.objectContaining({ status, code, message }),
      );
    },
  );

  it.each([
    ['chat', 'channel #9900 is not available'],
    ['realtime', 'channel #9900 is not available'],
    ['mj', 'channel #9900 cannot serve m'],
  ] as const)('refuses a pinned channel that is disabled or gone (%s)', (capability, message) => {
    const disabled = cacheOf([channel(99, 2)]);
    for (const context of [disabled, mixed])
      expect(() => chooseChannel(context, { caller: caller(9900) }, 'm', capability, [])).toThrow(
        expect.objectContaining({ status: 503, code: 'channel_unavailable', message }),
      );
  });
});
