import { beforeAll, describe, expect, it } from 'vitest';
import { databaseMatrix } from '../../test-support/databases.ts';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

/** Every way a stream can end has a billing rule (docs/reference/billing.md); these check each one end to end. */
describe('stream endings are billed by their rule', () => {
  // A small balance, so that pre-consumption (and its refund) is exercised too.
  const { fixture } = setUpRelayFixture({ userQuota: 1_000_000 });

  it('upstream failure before any output: everything refunded, nothing logged', async () => {
    await fixture.addChannel({ key: 'fails-key', models: 'gpt-4o' });
    fixture.upstream.setBehaviorForKey('fails-key', { status: 500 });
    await fixture.setOption('RetryTimes', '0');
    const before = await fixture.userQuota();
    const failure = await failureOf(
      fixture.openai.chat.completions.create({
        model: 'gpt-4o',
        messages: [{ role: 'user', content: 'x' }],
        stream: true,
      }),
    );
    expect(failure).toMatchObject({ status: 500 });
    expect(await fixture.userQuota()).toBe(before);
    expect(await fixture.consumeLogs()).toHaveLength(0);
    fixture.upstream.setBehaviorForKey('fails-key', undefined);
  });

  it('upstream drops the stream after output: the delivered part is billed', async () => {
    fixture.upstream.setBehaviorForKey('fails-key', {
      dropAfterChunks: 3,
      omitUsage: true,
      replyText: 'alpha beta gamma delta epsilon zeta',
    });
    const before = await fixture.userQuota();
    const stream = await fixture.openai.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
    let text = '';
    try {
      for await (const chunk of stream) text += chunk.choices[0]?.delta?.content ?? '';
    } catch {
      // the SDK may or may not see the cut; the gateway always ends the stream with [DONE]
    }
    expect(text.trim().split(/\s+/)).toHaveLength(3);
    const charged = before - (await fixture.userQuota());
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(log.completion_tokens).toBeGreaterThanOrEqual(3);
    expect(log.completion_tokens).toBeLessThan(6);
    expect(charged).toBe(log.quota);
    expect(charged).toBe(Math.round((log.prompt_tokens + log.completion_tokens * 4) * 1.25));
    fixture.upstream.setBehaviorForKey('fails-key', undefined);
  });

  it('client aborts mid-stream: the upstream is cut and what was delivered is billed', async () => {
    fixture.upstream.setBehaviorForKey('fails-key', { chunkCount: 200, chunkDelayMs: 20, omitUsage: true });
    const before = await fixture.userQuota();
    const controller = new AbortController();
    const stream = await fixture.openai.chat.completions.create(
      { model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }], stream: true },
      { signal: controller.signal },
    );
    let received = 0;
    try {
      for await (const chunk of stream) {
        if (chunk.choices[0]?.delta?.content) received += 1;
        if (received === 5) controller.abort();
      }
    } catch {
      // aborted on purpose
    }
    await expect.poll(() => fixture.upstream.requests.at(-1)?.closedByClient, { timeout: 5000 }).toBe(true);
    await expect
      .poll(async () => (await fixture.consumeLogs()).length, { timeout: 5000 })
      .toBeGreaterThanOrEqual(2);
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(log.completion_tokens).toBeGreaterThanOrEqual(5);
    expect(log.completion_tokens).toBeLessThan(50);
    expect(before - (await fixture.userQuota())).toBe(log.quota);
    fixture.upstream.setBehaviorForKey('fails-key', undefined);
  });

  it('a completed stream with upstream usage bills the usage exactly', async () => {
    fixture.upstream.setBehaviorForKey('fails-key', { promptTokens: 120, replyText: 'one two three' });
    const before = await fixture.userQuota();
    const stream = await fixture.openai.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'x' }],
      stream: true,
    });
    for await (const _chunk of stream) {
      // drain
    }
    expect(before - (await fixture.userQuota())).toBe(Math.round((120 + 3 * 4) * 1.25));
    fixture.upstream.setBehaviorForKey('fails-key', undefined);
  });

  it('refuses a call the balance cannot cover with 403 and charges nothing', async () => {
    await fixture.root.put('/api/user/', { id: fixture.userId, quota: 10 });
    const refused = await failureOf(
      fixture.openai.chat.completions.create({
        model: 'gpt-4o',
        max_tokens: 1000,
        messages: [{ role: 'user', content: 'x' }],
      }),
    );
    expect(refused).toMatchObject({ status: 403 });
    expect(await fixture.userQuota()).toBe(10);
    await fixture.root.put('/api/user/', { id: fixture.userId, quota: 1_000_000 });
  });
});

const matrix = await databaseMatrix();

describe.each(matrix)('quota exactness under 500 concurrent requests on $name', (dialect) => {
  // 3 USD: below the trusted-balance line, so every call pre-consumes and settles.
  const { fixture, run } = setUpRelayFixture({ dialect, userQuota: 1_500_000 });
  beforeAll(async () => {
    if (dialect.skipReason) return;
    await fixture.addChannel({ key: 'concurrency-key' });
  });

  run('the logged quota equals the change of the user and of the token exactly', async () => {
    const token = await fixture.addToken({ name: 'busy', unlimited_quota: false, remain_quota: 1_200_000 });
    const client = fixture.clientFor(`sk-${token.key}`);
    const before = await fixture.userQuota();
    const results = await Promise.allSettled(
      Array.from({ length: 500 }, (_, index) =>
        index % 2 === 0
          ? client.chat.completions.create({
              model: 'gpt-4o-mini',
              max_tokens: 50,
              messages: [{ role: 'user', content: `request ${index} ${'word '.repeat(index % 17)}` }],
            })
          : (async () => {
              const stream = await client.chat.completions.create({
                model: 'gpt-4o-mini',
                stream: true,
                messages: [{ role: 'user', content: `stream ${index}` }],
              });
              for await (const _chunk of stream) {
                // drain
              }
            })(),
      ),
    );
    expect(results.filter((result) => result.status === 'rejected')).toHaveLength(0);
    await fixture.flush();
    const { db } = fixture.server.context.database;
    const logged = await fixture.server.context.logDatabase.db
      .selectFrom('logs')
      .select((builder) => [
        builder.fn.countAll<number>().as('rows'),
        builder.fn.sum<number>('quota').as('quota'),
      ])
      .where('type', '=', 2)
      .where('token_id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(Number(logged.rows)).toBe(500);
    const spent = Number(logged.quota);
    expect(spent).toBeGreaterThan(0);
    expect(before - (await fixture.userQuota())).toBe(spent);
    const tokenRow = await db
      .selectFrom('tokens')
      .select(['remain_quota', 'used_quota'])
      .where('id', '=', token.id)
      .executeTakeFirstOrThrow();
    expect(1_200_000 - Number(tokenRow.remain_quota)).toBe(spent);
    expect(Number(tokenRow.used_quota)).toBe(spent);
    const cached = fixture.server.context.accounts.token(token.id)!;
    expect(cached.remainQuota).toBe(Number(tokenRow.remain_quota));
  });
});
