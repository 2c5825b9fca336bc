import { describe, expect, it } from 'vitest';
import type { UserView } from '../../../../common/api/users.ts';
import { LogType } from '../../../../common/statuses.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import type { ApiClient } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';
import { REFUSAL_DELAY_MS } from './topup-service.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('redeeming codes (POST /api/user/topup) on $name', (dialect) => {
  const {
    server,
    root,
    users: { alice, bob },
    run,
  } = setUpSite({ dialect, users: ['alice', 'bob'] });

  const newCode = async (quota: number) => {
    const reply = await root.post<string[]>('/api/redemption/', { name: 'gift', quota, count: 1 });
    expect(reply.body.success).toBe(true);
    return reply.body.data![0]!;
  };
  const quotaOf = async (client: ApiClient) =>
    (await client.get<UserView>('/api/user/self')).body.data!.quota;
  const redemptionRow = (key: string) =>
    server.context.database.db
      .selectFrom('redemptions')
      .selectAll()
      .where('key', '=', key)
      .executeTakeFirstOrThrow();
  const topUpLogs = async (userIds: number[]) => {
    await server.context.writer.flush();
    return server.context.logDatabase.db
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', LogType.topup)
      .where('user_id', 'in', userIds)
      .orderBy('id')
      .execute();
  };

  run('credits the quota once, marks the code used by the caller and writes a top-up log', async () => {
    const key = await newCode(123456);
    const before = await quotaOf(alice);
    const reply = await alice.post<number>('/api/user/topup', { key: `  ${key}  ` });
    expect(reply.body).toEqual({ success: true, message: '', data: 123456 });
    expect(await quotaOf(alice)).toBe(before + 123456);
    expect(server.context.accounts.user(alice.currentUserId!)?.quota).toBe(before + 123456);
    const row = await redemptionRow(key);
    expect(row).toMatchObject({ status: 3, used_user_id: alice.currentUserId });
    expect(Math.abs(Number(row.redeemed_time) - Date.now() / 1000)).toBeLessThan(60);
    const logs = await topUpLogs([alice.currentUserId!]);
    expect(logs).toHaveLength(1);
    expect(logs[0]).toMatchObject({ username: 'alice', quota: 123456 });
    expect(logs[0]!.content).toBe(`使用兑换码充值 $0.25（兑换码 #${row.id}）`);
    expect(JSON.parse(logs[0]!.other ?? '')).toEqual({
      content_key: 'log.redeemed',
      content_params: { quota: 123456, code_id: row.id },
    });

    const again = await alice.post('/api/user/topup', { key });
    expect(again.body).toMatchObject({ success: false, message: 'Invalid redemption code' });
    expect(await quotaOf(alice)).toBe(before + 123456);
  });

  run('refuses an empty key at once and a wrong key after a random delay, in both languages', async () => {
    for (const body of [{ key: '' }, { key: '   ' }, {}]) {
      const startedAt = performance.now();
      const reply = await alice.post('/api/user/topup', body);
      expect(reply.body).toMatchObject({ success: false, message: 'Please enter redemption code!' });
      expect(performance.now() - startedAt).toBeLessThan(REFUSAL_DELAY_MS.min);
    }
    const startedAt = performance.now();
    const wrong = await alice.post('/api/user/topup', { key: 'A'.repeat(32) });
    expect(wrong.body).toMatchObject({ success: false, message: 'Invalid redemption code' });
    expect(performance.now() - startedAt).toBeGreaterThanOrEqual(REFUSAL_DELAY_MS.min - 5);
    const chinese = alice.withHeaders({ 'Accept-Language': 'zh-CN,zh;q=0.9' });
    expect((await chinese.post('/api/user/topup', { key: 'nope' })).body.message).toBe('无效的兑换码');
    expect((await chinese.post('/api/user/topup', { key: '' })).body.message).toBe('请输入兑换码！');
  });

  run('refuses codes that are disabled, deleted, expired or typed in another letter case', async () => {
    const before = await quotaOf(bob);
    const disabledKey = await newCode(10);
    const disabledRow = await redemptionRow(disabledKey);
    await root.put('/api/redemption/?status_only=true', { id: disabledRow.id, status: 2 });
    expect((await bob.post('/api/user/topup', { key: disabledKey })).body.message).toBe(
      'Invalid redemption code',
    );

    const deletedKey = await newCode(10);
    await root.delete(`/api/redemption/${(await redemptionRow(deletedKey)).id}/`);
    expect((await bob.post('/api/user/topup', { key: deletedKey })).body.message).toBe(
      'Invalid redemption code',
    );

    const expiredKey = await newCode(10);
    const { db } = server.context.database;
    await db
      .updateTable('redemptions')
      .set({ expired_time: Math.floor(Date.now() / 1000) - 1 })
      .where('key', '=', expiredKey)
      .execute();
    expect((await bob.post('/api/user/topup', { key: expiredKey })).body.message).toBe(
      'This redemption code has expired',
    );
    expect((await redemptionRow(expiredKey)).status).toBe(1);

    const futureKey = await newCode(10);
    await db
      .updateTable('redemptions')
      .set({ expired_time: Math.floor(Date.now() / 1000) + 3600 })
      .where('key', '=', futureKey)
      .execute();

    const caseKey = await newCode(10);
    const swapped = [...caseKey]
      .map((letter) => (letter === letter.toUpperCase() ? letter.toLowerCase() : letter.toUpperCase()))
      .join('');
    expect((await bob.post('/api/user/topup', { key: swapped })).body.message).toBe(
      'Invalid redemption code',
    );
    expect((await redemptionRow(caseKey)).status).toBe(1);

    expect(await quotaOf(bob)).toBe(before);
    expect((await bob.post<number>('/api/user/topup', { key: futureKey })).body.data).toBe(10);
    expect(await quotaOf(bob)).toBe(before + 10);
  });

  run('twenty concurrent redemptions of one code by two users credit it exactly once', async () => {
    const quota = 500000;
    const key = await newCode(quota);
    const users = [alice, bob];
    const userIds = users.map((client) => client.currentUserId!);
    const quotasBefore = await Promise.all(users.map(quotaOf));
    const logsBefore = (await topUpLogs(userIds)).length;
    const replies = await Promise.all(
      Array.from({ length: 20 }, (_, index) => users[index % 2]!.post<number>('/api/user/topup', { key })),
    );
    const successes = replies.filter((reply) => reply.body.success);
    expect(successes).toHaveLength(1);
    expect(successes[0]!.body.data).toBe(quota);
    for (const reply of replies.filter((item) => !item.body.success)) {
      expect(reply.status).toBe(200);
      expect(reply.body.message).toBe('Invalid redemption code');
    }
    const quotasAfter = await Promise.all(users.map(quotaOf));
    const gains = quotasAfter.map((value, index) => value - quotasBefore[index]!);
    expect(gains.reduce((sum, gain) => sum + gain, 0)).toBe(quota);
    const winnerIndex = gains.indexOf(quota);
    expect(winnerIndex).toBeGreaterThanOrEqual(0);
    expect(server.context.accounts.user(userIds[winnerIndex]!)?.quota).toBe(quotasAfter[winnerIndex]);
    expect((await redemptionRow(key)).used_user_id).toBe(userIds[winnerIndex]);
    const logs = await topUpLogs(userIds);
    expect(logs).toHaveLength(logsBefore + 1);
    expect(logs.at(-1)).toMatchObject({ user_id: userIds[winnerIndex], quota });
  });
});

describe('redeeming codes under the critical rate limit', () => {
  // Setup and two logins use three of the five critical calls.
  const {
    root,
    users: { alice },
  } = setUpSite({
    environment: { CRITICAL_RATE_LIMIT_ENABLE: 'true', CRITICAL_RATE_LIMIT: '5' },
    users: ['alice'],
  });

  it('counts POST /api/user/topup against the per-IP critical limit', async () => {
    for (let call = 0; call < 2; call += 1) {
      const reply = await alice.post('/api/user/topup', { key: '' });
      expect(reply.status).toBe(200);
      expect(reply.body.message).toBe('Please enter redemption code!');
    }
    const limited = await alice.post('/api/user/topup', { key: '' });
    expect(limited.status).toBe(429);
    expect(limited.body).toMatchObject({ success: false, message: 'Too many requests, try again later' });
    // Other console calls are not critical.
    expect((await root.get('/api/redemption/')).status).toBe(200);
  });
});
