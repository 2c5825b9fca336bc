/**
 * Multi-key channels as new-api stores them (key lines and channel_info), relayed through the real server
 * against the fake OpenAI upstream: a failing key is disabled alone while the others serve, polling takes
 * the keys in turn, random uses them all, a channel with no key left is disabled, and the channel test
 * tries each key. Rows are written as new-api writes them (server/src/relay/cache/multi-key.ts).
 */
import { sql } from 'kysely';
import { beforeAll, describe, expect } from 'vitest';
import { databaseMatrix } from '../../test-support/databases.ts';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('multi-key channels on $name', (dialect) => {
  const { fixture, run: it } = setUpRelayFixture({ dialect });
  const db = () => fixture.server.context.database.db;

  beforeAll(async () => {
    if (dialect.skipReason) return;
    // new-api declares channel_info as a `json` column: the drivers hand it back parsed.
    if (dialect.name === 'postgres')
      await sql`alter table channels alter column channel_info type json using channel_info::json`.execute(
        db(),
      );
    if (dialect.name === 'mysql') await sql`alter table channels modify channel_info json null`.execute(db());
    await fixture.setOption('AutomaticDisableChannelEnabled', 'true');
    await fixture.setOption('RetryTimes', '0');
  });

  /** A channel of `keys` (one per line) serving `model`, with new-api's channel_info. */
  async function multiKeyChannel(model: string, keys: string[], info: Record<string, unknown>) {
    const id = await fixture.addChannel({ key: `${model}-placeholder`, models: model });
    await db()
      .updateTable('channels')
      .set({
        key: keys.join('\n'),
        channel_info: JSON.stringify({ is_multi_key: true, multi_key_size: keys.length, ...info }),
      })
      .where('id', '=', id)
      .execute();
    await fixture.server.context.channelCache.changed();
    await fixture.setModelRatios({ [model]: 1 });
    return id;
  }

  const ask = (model: string) =>
    fixture.openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'hi' }] });
  const keysSent = (prefix: string) =>
    fixture.upstream.requests
      .map((request) => request.apiKey ?? '')
      .filter((key) => key.startsWith(prefix) || key.includes('\n'));
  /** channel_info as text (SQLite) or parsed (a json column on PostgreSQL and MySQL). */
  const infoOf = (row: { channel_info: unknown }) =>
    (typeof row.channel_info === 'string' ? JSON.parse(row.channel_info) : row.channel_info) ?? {};
  const channelRow = (id: number) =>
    db()
      .selectFrom('channels')
      .select(['status', 'channel_info', 'other_info'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('disables a key the upstream refuses alone and keeps serving with the other', async () => {
    const id = await multiKeyChannel('mk-refused', ['mk-refused-good', 'mk-refused-bad'], {
      multi_key_mode: 'polling',
    });
    fixture.upstream.setBehaviorForKey('mk-refused-bad', { requiredApiKey: 'another-key' });
    for (let call = 0; call < 4; call += 1) {
      const reply = await ask('mk-refused');
      expect(reply.choices[0]?.message.content).toBe('Hello from fake upstream');
    }
    // The second call met the bad key, which was disabled; that call went on with the good one.
    expect(keysSent('mk-refused')).toEqual([
      'mk-refused-good',
      'mk-refused-bad',
      'mk-refused-good',
      'mk-refused-good',
      'mk-refused-good',
    ]);
    await expect.poll(async () => infoOf(await channelRow(id)).multi_key_status_list).toEqual({ 1: 3 });
    const row = await channelRow(id);
    expect(row.status).toBe(1);
    const info = infoOf(row);
    expect(info.multi_key_disabled_reason['1']).toMatch(/^status 401/);
    expect(info.multi_key_disabled_reason['1']).not.toContain('mk-refused-bad');
    expect(info.multi_key_disabled_time['1']).toEqual(expect.any(Number));
    expect(info).toMatchObject({ is_multi_key: true, multi_key_size: 2, multi_key_mode: 'polling' });
  });

  it('retries a rate-limited key with another key of the channel, within RetryTimes', async () => {
    const id = await multiKeyChannel('mk-limited', ['mk-limited-a', 'mk-limited-b'], {
      multi_key_mode: 'polling',
    });
    fixture.upstream.setBehaviorForKey('mk-limited-a', { status: 429 });
    const refused = await failureOf(ask('mk-limited'));
    expect(refused.status).toBe(429);
    expect((await ask('mk-limited')).choices).toHaveLength(1);
    await fixture.setOption('RetryTimes', '1');
    try {
      expect((await ask('mk-limited')).choices).toHaveLength(1);
      expect((await ask('mk-limited')).choices).toHaveLength(1);
    } finally {
      await fixture.setOption('RetryTimes', '0');
    }
    // Without retries the 429 reaches the client; with one, the next key serves the call.
    expect(keysSent('mk-limited')).toEqual([
      'mk-limited-a',
      'mk-limited-b',
      'mk-limited-a',
      'mk-limited-b',
      'mk-limited-a',
      'mk-limited-b',
    ]);
    const log = await fixture.lastConsumeLog();
    expect(log.channel_id).toBe(id);
    expect(JSON.parse(log.other ?? '{}').admin_info.use_channel).toEqual([id, id]);
    const logs = await fixture.consumeLogs();
    expect(JSON.parse(logs.at(-3)?.other ?? '{}').admin_info.use_channel).toEqual([id]);
    // A rate limit is not a dead key: both keys stay enabled.
    expect(infoOf(await channelRow(id)).multi_key_status_list ?? {}).toEqual({});
  });

  it('takes the keys in turn in polling mode', async () => {
    await multiKeyChannel('mk-polling', ['mk-polling-a', 'mk-polling-b', 'mk-polling-c'], {
      multi_key_mode: 'polling',
      multi_key_status_list: { 1: 2 },
    });
    for (let call = 0; call < 4; call += 1) await ask('mk-polling');
    expect(keysSent('mk-polling')).toEqual(['mk-polling-a', 'mk-polling-c', 'mk-polling-a', 'mk-polling-c']);
  });

  it('uses every enabled key in random mode', async () => {
    await multiKeyChannel('mk-random', ['mk-random-a', 'mk-random-b'], { multi_key_mode: 'random' });
    for (let call = 0; call < 24; call += 1) await ask('mk-random');
    const sent = keysSent('mk-random');
    expect(sent).toHaveLength(24);
    expect(new Set(sent)).toEqual(new Set(['mk-random-a', 'mk-random-b']));
  });

  it('disables the channel when its last key is disabled', async () => {
    const id = await multiKeyChannel('mk-dead', ['mk-dead-a', 'mk-dead-b'], { multi_key_mode: 'random' });
    fixture.upstream.setBehaviorForKey('mk-dead-a', { requiredApiKey: 'another-key' });
    fixture.upstream.setBehaviorForKey('mk-dead-b', { requiredApiKey: 'another-key' });
    const failure = await failureOf(ask('mk-dead'));
    expect(failure.status).toBe(401);
    expect(new Set(keysSent('mk-dead'))).toEqual(new Set(['mk-dead-a', 'mk-dead-b']));
    await expect.poll(async () => (await channelRow(id)).status).toBe(3);
    const row = await channelRow(id);
    expect(JSON.parse(row.other_info ?? '{}')).toMatchObject({ status_reason: 'All keys are disabled' });
    expect(infoOf(row).multi_key_status_list).toEqual({ 0: 3, 1: 3 });
    const abilities = await db()
      .selectFrom('abilities')
      .select('enabled')
      .where('channel_id', '=', id)
      .execute();
    expect(abilities.every((ability) => !ability.enabled)).toBe(true);
    expect((await failureOf(ask('mk-dead'))).status).toBe(503);
  });

  it('tests each key of the channel and disables the one that fails', async () => {
    const id = await multiKeyChannel('mk-test', ['mk-test-a', 'mk-test-b'], { multi_key_mode: 'polling' });
    fixture.upstream.setBehaviorForKey('mk-test-b', { requiredApiKey: 'another-key' });
    const reply = await fixture.root.get<unknown>(`/api/channel/test/${id}`);
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toMatch(/key #2: Incorrect API key/);
    expect(reply.body.message).not.toContain('mk-test-b');
    expect(keysSent('mk-test')).toEqual(['mk-test-a', 'mk-test-b']);
    await expect.poll(async () => infoOf(await channelRow(id)).multi_key_status_list).toEqual({ 1: 3 });
    expect((await channelRow(id)).status).toBe(1);
  });

  it('sends header_override with {api_key} as the key the try uses', async () => {
    const id = await multiKeyChannel('mk-headers', ['mk-headers-a', 'mk-headers-b'], {
      multi_key_mode: 'polling',
    });
    await db()
      .updateTable('channels')
      .set({
        header_override: JSON.stringify({
          'X-Upstream-Key': 'key={api_key}',
          'X-Team': 'blue',
          'X-Client-Beta': '{client_header:anthropic-beta}',
        }),
      })
      .where('id', '=', id)
      .execute();
    await fixture.server.context.channelCache.changed();
    await ask('mk-headers');
    await ask('mk-headers');
    const sent = fixture.upstream.requests.filter((request) => request.apiKey?.startsWith('mk-headers'));
    expect(sent.map((request) => request.headers['x-upstream-key'])).toEqual([
      'key=mk-headers-a',
      'key=mk-headers-b',
    ]);
    expect(sent.every((request) => request.headers['x-team'] === 'blue')).toBe(true);
    // The OpenAI route carries no anthropic-beta: the header is left out, as new-api leaves it out.
    expect(sent.every((request) => request.headers['x-client-beta'] === undefined)).toBe(true);
  });
});
