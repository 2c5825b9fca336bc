/**
 * Channel caps (docs/limits.md "Channel caps and the bounded queue"): a channel at its cap is passed over as
 * busy and the call goes to another channel; when every channel is busy the call waits for a slot within
 * `traffic_setting.queue_wait_ms`, else it is refused 429 `channel_busy`; a multi-key channel's per-key caps
 * move a call to another of its keys.
 */
import { describe, expect, it } from 'vitest';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

describe('channel caps', () => {
  const { fixture } = setUpRelayFixture();

  const call = (model: string) =>
    fetch(`${fixture.server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${fixture.token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }),
    });

  /** The upstream keys that served the requests made since `before`. */
  const keysSince = (before: number) =>
    fixture.upstream.requests.slice(before).map((request) => request.apiKey);

  it('passes over a channel at its concurrency cap: two slow calls go to two channels', async () => {
    await fixture.setModelRatios({ 'capped-a': 1 });
    await fixture.addChannel({
      key: 'cap-one',
      models: 'capped-a',
      priority: 10,
      limits: { concurrency: 1 },
    });
    await fixture.addChannel({ key: 'cap-two', models: 'capped-a', priority: 0 });
    fixture.upstream.setBehaviorForKey('cap-one', { latencyMs: 1_000 });
    fixture.upstream.setBehaviorForKey('cap-two', { latencyMs: 1_000 });
    const before = fixture.upstream.requests.length;
    const replies = await Promise.all([call('capped-a'), call('capped-a')]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    // The higher-priority channel took one call; the other went to the lower tier instead of failing.
    expect(keysSince(before).sort()).toEqual(['cap-one', 'cap-two']);
  });

  it('refuses 429 channel_busy when every channel is at its cap and no wait is allowed', async () => {
    await fixture.setModelRatios({ 'capped-b': 1 });
    await fixture.setOption('traffic_setting.queue_wait_ms', '0');
    await fixture.addChannel({ key: 'busy-one', models: 'capped-b', limits: { concurrency: 1 } });
    fixture.upstream.setBehaviorForKey('busy-one', { latencyMs: 1_000 });
    const replies = await Promise.all([call('capped-b'), call('capped-b')]);
    const statuses = replies.map((reply) => reply.status).sort();
    expect(statuses).toEqual([200, 429]);
    const refused = replies.find((reply) => reply.status === 429)!;
    const body = (await refused.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe('channel_busy');
    expect(body.error.message).toContain('capacity');
    expect(body.error.message).not.toContain('busy-one');
  });

  it('waits for a slot within queue_wait_ms, and every call is served', async () => {
    await fixture.setModelRatios({ 'capped-c': 1 });
    await fixture.setOption('traffic_setting.queue_wait_ms', '3000');
    await fixture.addChannel({ key: 'queue-one', models: 'capped-c', limits: { concurrency: 1 } });
    fixture.upstream.setBehaviorForKey('queue-one', { latencyMs: 200 });
    const started = Date.now();
    const replies = await Promise.all([call('capped-c'), call('capped-c'), call('capped-c')]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200, 200]);
    // One at a time: the last waited for the two before it.
    expect(Date.now() - started).toBeGreaterThanOrEqual(550);
    await fixture.setOption('traffic_setting.queue_wait_ms', '0');
  });

  it('moves a call to another key of a multi-key channel whose key is at its cap', async () => {
    await fixture.setModelRatios({ 'capped-d': 1 });
    const id = await fixture.addChannel({
      key: 'multi-x',
      models: 'capped-d',
      limits: { key_limits: { concurrency: 1 } },
    });
    await fixture.server.context.database.db
      .updateTable('channels')
      .set({
        key: 'multi-x\nmulti-y',
        channel_info: JSON.stringify({ is_multi_key: true, multi_key_size: 2, multi_key_mode: 'polling' }),
      })
      .where('id', '=', id)
      .execute();
    await fixture.server.context.channelCache.changed();
    for (const key of ['multi-x', 'multi-y']) fixture.upstream.setBehaviorForKey(key, { latencyMs: 1_000 });
    const before = fixture.upstream.requests.length;
    const replies = await Promise.all([call('capped-d'), call('capped-d')]);
    expect(replies.map((reply) => reply.status)).toEqual([200, 200]);
    expect(keysSince(before).sort()).toEqual(['multi-x', 'multi-y']);
  });
});
