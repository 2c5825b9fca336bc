/**
 * A key the relay marks exhausted and its owner then refills and re-enables keeps working after the batch
 * writer flushes: the exhausted status is recorded at once and only over an enabled key
 * (server/src/relay/cache/account-cache.ts setTokenStatus), never queued to overwrite the refill later.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TokenStatus } from '../../../../common/statuses.ts';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

describe('a refilled key after exhaustion', () => {
  // The batch writer waits an hour: only an explicit flush writes what it queued.
  const { fixture } = setUpRelayFixture();
  beforeAll(async () => {
    await fixture.addChannel({ models: 'status-model' });
    await fixture.mergeJsonOption('ModelPrice', { 'status-model': 0.002 });
  });

  const storedStatus = async (id: number) =>
    (
      await fixture.server.context.database.db
        .selectFrom('tokens')
        .select('status')
        .where('id', '=', id)
        .executeTakeFirstOrThrow()
    ).status;

  it('stays enabled when the queued writes land', async () => {
    const token = await fixture.addToken({ name: 'one-call', unlimited_quota: false, remain_quota: 1000 });
    const client = fixture.clientFor(`sk-${token.key}`);
    const ask = () =>
      client.chat.completions.create({ model: 'status-model', messages: [{ role: 'user', content: 'hi' }] });
    await ask();
    expect((await failureOf(ask())).status).toBe(401);
    await expect.poll(() => storedStatus(token.id)).toBe(TokenStatus.exhausted);
    const refilled = await fixture.user.put('/api/token/', {
      ...token,
      remain_quota: 5000,
      unlimited_quota: false,
      status: TokenStatus.enabled,
    });
    expect(refilled.body.success).toBe(true);
    await fixture.flush();
    expect(await storedStatus(token.id)).toBe(TokenStatus.enabled);
    await fixture.server.context.accounts.reload();
    expect((await ask()).choices[0]?.message.content).toBeTruthy();
  });
});
