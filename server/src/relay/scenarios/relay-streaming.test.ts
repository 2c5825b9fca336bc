import { beforeAll, describe, expect, it } from 'vitest';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

describe('streaming details: playground, idle timeout, pings, rollups', () => {
  const { fixture } = setUpRelayFixture({ environment: { STREAMING_TIMEOUT: '1' } });
  beforeAll(async () => {
    await fixture.addChannel({ key: 'stream-key' });
  });

  const rawStream = async (
    body: Record<string, unknown>,
    headers: Record<string, string>,
    path = '/v1/chat/completions',
  ) => {
    const response = await fetch(`${fixture.server.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
    return { status: response.status, headers: response.headers, text: await response.text() };
  };

  it('serves the playground with the session, charging the user in the chosen group', async () => {
    const cookieHeaders = { cookie: fixture.user.sessionCookie, 'new-api-user': String(fixture.userId) };
    const reply = await rawStream(
      { model: 'gpt-4o', group: 'default', stream: true, messages: [{ role: 'user', content: 'hi' }] },
      cookieHeaders,
      '/pg/chat/completions',
    );
    expect(reply.status).toBe(200);
    expect(reply.headers.get('content-type')).toMatch(/text\/event-stream/);
    expect(reply.text.trim().endsWith('data: [DONE]')).toBe(true);
    const contents = reply.text
      .split('\n\n')
      .filter((block) => block.startsWith('data: {'))
      .map((block) => JSON.parse(block.slice(6)).choices[0]?.delta?.content ?? '')
      .join('');
    expect(contents).toBe('Hello from fake upstream');
    const log = await fixture.lastConsumeLog();
    expect(log.token_name).toBe('playground');
    expect(log.token_id).toBe(0);
    const sent = fixture.upstream.requests.at(-1)!.body as Record<string, unknown>;
    expect(sent).not.toHaveProperty('group');
    const anonymous = await rawStream(
      { model: 'gpt-4o', messages: [{ role: 'user', content: 'hi' }] },
      {},
      '/pg/chat/completions',
    );
    expect(anonymous.status).toBe(401);
    const forbiddenGroup = await rawStream(
      { model: 'gpt-4o', group: 'svip', messages: [{ role: 'user', content: 'hi' }] },
      cookieHeaders,
      '/pg/chat/completions',
    );
    expect(forbiddenGroup.status).toBe(403);
  });

  it('cuts a stream that stays silent longer than STREAMING_TIMEOUT, ends it with [DONE] and bills what was delivered', async () => {
    fixture.upstream.setBehaviorForKey('stream-key', { stallAfterChunks: 2, omitUsage: true });
    const started = Date.now();
    const reply = await rawStream(
      { model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'x' }] },
      { authorization: `Bearer sk-${fixture.token.key}` },
    );
    expect(Date.now() - started).toBeLessThan(4000);
    expect(reply.text.trim().endsWith('data: [DONE]')).toBe(true);
    expect(reply.text.match(/"content":"[^"]+"/g)?.length).toBe(2);
    const log = await fixture.lastConsumeLog();
    expect(log.completion_tokens).toBeGreaterThanOrEqual(2);
    fixture.upstream.setBehaviorForKey('stream-key', undefined);
  });

  it('sends ping comments while a slow stream runs when ping is on', async () => {
    await fixture.setOption('general_setting.ping_interval_enabled', 'true');
    await fixture.setOption('general_setting.ping_interval_seconds', '1');
    fixture.upstream.setBehaviorForKey('stream-key', { chunkCount: 3, chunkDelayMs: 900 });
    const reply = await rawStream(
      { model: 'gpt-4o', stream: true, messages: [{ role: 'user', content: 'x' }] },
      { authorization: `Bearer sk-${fixture.token.key}` },
    );
    expect(reply.text).toMatch(/^: PING$/m);
    await fixture.setOption('general_setting.ping_interval_enabled', 'false');
    fixture.upstream.setBehaviorForKey('stream-key', undefined);
  });

  it('rolls consumption up into quota_data per user, model and hour', async () => {
    await fixture.server.context.quotaData.flush();
    const rows = await fixture.server.context.database.db
      .selectFrom('quota_data')
      .selectAll()
      .where('user_id', '=', fixture.userId)
      .execute();
    const gpt4o = rows.find((row) => row.model_name === 'gpt-4o')!;
    expect(gpt4o.count).toBeGreaterThanOrEqual(3);
    expect(gpt4o.created_at % 3600).toBe(0);
    await fixture.flush();
    const logged = await fixture.server.context.logDatabase.db
      .selectFrom('logs')
      .select((builder) => builder.fn.sum<number>('quota').as('quota'))
      .where('type', '=', 2)
      .where('user_id', '=', fixture.userId)
      .where('model_name', '=', 'gpt-4o')
      .executeTakeFirstOrThrow();
    expect(Number(gpt4o.quota)).toBe(Number(logged.quota));
  });
});
