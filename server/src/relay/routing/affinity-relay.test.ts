/**
 * Channel affinity through real relay calls (docs/reference/routing.md "Affinity"): Claude Code's requests —
 * its session header and metadata, sent with the official Anthropic SDK as Claude Code does — stay on one
 * channel and key among several equal ones (OpenAI channels: the gateway converts the Claude calls); disabling that channel moves the session without an error, and
 * it then stays where it moved. Without affinity the same calls spread over the channels.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const MODEL = 'affinity-claude';
const KEYS = ['aff-a1', 'aff-a2', 'aff-a3', 'aff-b', 'aff-c'];

describe('channel affinity on relay calls', () => {
  const { fixture } = setUpRelayFixture();
  const channelOfKey = new Map<string, number>();

  beforeAll(async () => {
    await fixture.setModelRatios({ [MODEL]: 1 });
    await fixture.setOption('RetryTimes', '2');
    // One multi-key channel choosing its key at random, two single-key channels; all equal.
    const multi = await fixture.addChannel({ key: 'aff-placeholder', models: MODEL });
    await fixture.server.context.database.db
      .updateTable('channels')
      .set({
        key: KEYS.slice(0, 3).join('\n'),
        channel_info: JSON.stringify({ is_multi_key: true, multi_key_size: 3, multi_key_mode: 'random' }),
      })
      .where('id', '=', multi)
      .execute();
    await fixture.server.context.channelCache.changed();
    for (const key of KEYS.slice(0, 3)) channelOfKey.set(key, multi);
    for (const key of KEYS.slice(3)) channelOfKey.set(key, await fixture.addChannel({ key, models: MODEL }));
  });

  /** One Claude Code turn of `session`; returns the upstream key that served it. */
  async function turn(session: string): Promise<string> {
    const before = fixture.upstream.requests.length;
    await fixture.anthropic().messages.create(
      {
        model: MODEL,
        max_tokens: 16,
        system: [{ type: 'text', text: 'You are Claude Code.' }],
        messages: [{ role: 'user', content: 'hello there' }],
        metadata: { user_id: JSON.stringify({ device_id: 'd', account_uuid: '', session_id: session }) },
      },
      {
        headers: {
          'x-claude-code-session-id': session,
          'user-agent': 'claude-cli/2.1.197 (external, sdk-cli)',
        },
      },
    );
    const served = fixture.upstream.requests.slice(before).at(-1);
    return served?.apiKey ?? '';
  }

  /** `other.affinity` of the last call's log row (docs/reference/routing.md "Affinity"). */
  const loggedAffinity = async () => JSON.parse((await fixture.lastConsumeLog()).other ?? '{}').affinity;

  it('spreads the calls over the channels while affinity is off', async () => {
    const keys = new Set<string>();
    for (let call = 0; call < 12; call += 1) keys.add(await turn('session-off'));
    expect(keys.size).toBeGreaterThan(1);
    expect(await loggedAffinity()).toBeUndefined();
  });

  it('keeps a session on one channel and key, and moves it without an error when that channel is disabled', async () => {
    await fixture.setOption('channel_affinity_setting.enabled', 'true');
    const first = await turn('session-1');
    expect(await loggedAffinity()).toBe('miss');
    for (let call = 0; call < 8; call += 1) expect(await turn('session-1')).toBe(first);
    expect(await loggedAffinity()).toBe('hit');

    const pinned = channelOfKey.get(first)!;
    expect((await fixture.root.put('/api/channel/', { id: pinned, status: 2 })).body.success).toBe(true);
    const moved = await turn('session-1');
    expect(channelOfKey.get(moved)).not.toBe(pinned);
    expect(await loggedAffinity()).toBe('moved');
    for (let call = 0; call < 6; call += 1) expect(await turn('session-1')).toBe(moved);
    await fixture.root.put('/api/channel/', { id: pinned, status: 1 });
  });

  it('bills the cache reads of a pinned session and shows them per channel', async () => {
    await fixture.setOption('channel_affinity_setting.enabled', 'true');
    const since = Math.floor(Date.now() / 1000) - 1;
    for (const key of KEYS) fixture.upstream.setBehaviorForKey(key, { promptTokens: 100, cachedTokens: 80 });
    const served = await turn('session-cache');
    expect(await turn('session-cache')).toBe(served);
    const row = await fixture.lastConsumeLog();
    const other = JSON.parse(row.other ?? '{}');
    expect(other.affinity).toBe('hit');
    expect(other.cache_tokens).toBe(80);
    await fixture.server.context.writer.flush();
    const report = await fixture.root.get<{ channels: { channel_id: number; cache_tokens: number }[] }>(
      `/api/data/channel_cache?start_timestamp=${since}&end_timestamp=${since + 600}`,
    );
    const channel = report.body.data!.channels.find((entry) => entry.channel_id === channelOfKey.get(served));
    expect(channel?.cache_tokens).toBe(160);
  });
});
