import { describe, expect, it } from 'vitest';
import type { UserView } from '../../../../common/api/users.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { startFakeEpay } from '../../test-support/fake-epay.ts';
import { setUpResource, setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();
const MERCHANT_KEY = 'merchant-secret-key';

describe.each(matrix)('online top-up through Epay on $name', (dialect) => {
  const {
    server,
    root,
    users: { user },
    run,
  } = setUpSite({ dialect, users: { user: 'payer' } });
  const epay = setUpResource(() => startFakeEpay(MERCHANT_KEY), dialect);
  const quota = async () => (await user.get<UserView>('/api/user/self')).body.data!.quota;
  const topUpLogs = async () => {
    await server.context.writer.flush();
    return server.context.logDatabase.db
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', 1)
      .where('user_id', '=', user.currentUserId!)
      .execute();
  };

  run('refuses while online top-up is not configured', async () => {
    expect((await user.post('/api/user/amount', { amount: 10 })).body.message).toBe(
      'The administrator has not enabled online top-up',
    );
    const pay = await user.post('/api/user/pay', { amount: 10, payment_method: 'alipay' });
    expect(pay.body).toEqual({
      success: false,
      message: 'error',
      data: 'The administrator has not enabled online top-up',
    });
  });

  run('prices, orders, gets paid and credits exactly once', async () => {
    for (const [key, value] of Object.entries({
      ServerAddress: server.url,
      PayAddress: epay.url,
      EpayId: '1001',
      EpayKey: MERCHANT_KEY,
      MinTopUp: '2',
      TopupGroupRatio: JSON.stringify({ default: 0.5 }),
    })) {
      expect((await root.put('/api/option/', { key, value })).body.success, key).toBe(true);
    }
    expect((await user.post('/api/user/amount', { amount: 1 })).body.message).toBe(
      'Top-up amount cannot be less than 2',
    );
    expect((await user.post<string>('/api/user/amount', { amount: 10 })).body.data).toBe('36.50');
    expect((await user.post('/api/user/pay', { amount: 10, payment_method: 'bitcoin' })).body).toEqual({
      success: false,
      message: 'error',
      data: 'Unknown payment method',
    });
    const pay = await user.post<Record<string, string>>('/api/user/pay', {
      amount: 10,
      payment_method: 'alipay',
    });
    expect(pay.body.message).toBe('success');
    expect(pay.body.url).toBe(`${epay.url}/submit.php`);
    const form = pay.body.data!;
    expect(form).toMatchObject({
      pid: '1001',
      type: 'alipay',
      money: '36.50',
      sign_type: 'MD5',
      name: 'TUC10',
    });
    expect(form.out_trade_no).toMatch(new RegExp(`^USR${user.currentUserId}NO[A-Za-z0-9]{6}\\d{10}$`));
    expect(form.notify_url).toBe(`${server.url}/api/user/epay/notify`);
    // The browser posts the hidden form to the provider.
    const submitted = await fetch(pay.body.url as string, {
      method: 'POST',
      body: new URLSearchParams(form),
    });
    expect(submitted.status).toBe(200);

    const before = await quota();
    expect(await epay.notify(form.out_trade_no!, {}, { key: 'wrong-key' })).toBe('fail');
    expect(await epay.notify(form.out_trade_no!, { money: '0.01' })).toBe('fail');
    expect(await epay.notify(form.out_trade_no!, { money: '3650.00' }, { keepSign: true })).toBe('fail');
    expect(await epay.notify(form.out_trade_no!, { trade_status: 'WAIT_BUYER_PAY' })).toBe('fail');
    expect(await quota()).toBe(before);

    const replies = await Promise.all(Array.from({ length: 10 }, () => epay.notify(form.out_trade_no!)));
    expect(replies.every((reply) => reply === 'success')).toBe(true);
    expect(await quota()).toBe(before + 10 * 500_000);
    expect(await epay.notify(form.out_trade_no!)).toBe('success');
    expect(await quota()).toBe(before + 10 * 500_000);
    const logs = await topUpLogs();
    expect(logs).toHaveLength(1);
    expect(Number(logs[0]!.quota)).toBe(5_000_000);
    const order = await server.context.database.db
      .selectFrom('top_ups')
      .selectAll()
      .where('trade_no', '=', form.out_trade_no!)
      .executeTakeFirstOrThrow();
    expect(order.status).toBe('success');
    expect(order.complete_time).toBeGreaterThan(0);
    expect(server.context.accounts.user(user.currentUserId!)?.quota).toBe(before + 5_000_000);
  });

  run('refuses notifications for unknown trades', async () => {
    const response = await fetch(
      `${server.url}/api/user/epay/notify?out_trade_no=USR1NOxxxxxx1&money=1.00&trade_status=TRADE_SUCCESS&sign=abc`,
    );
    expect(await response.text()).toBe('fail');
  });
});

describe('invitation earnings transfer', () => {
  const {
    server,
    users: { inviter },
  } = setUpSite({ options: { QuotaForInviter: '1500000' }, users: ['inviter'] });

  it('moves at least one quota unit from earnings to quota, atomically', async () => {
    const code = (await inviter.get<string>('/api/user/aff')).body.data!;
    await fetch(`${server.url}/api/user/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'invited', password: 'password-123', aff_code: code }),
    });
    const self = async () => (await inviter.get<UserView>('/api/user/self')).body.data!;
    expect((await self()).aff_quota).toBe(1_500_000);
    const small = await inviter.post('/api/user/aff_transfer', { quota: 100 });
    expect(small.body.message).toMatch(/^The transfer amount is at least /);
    expect((await inviter.post('/api/user/aff_transfer', { quota: 2_000_000 })).body.message).toBe(
      'Not enough invitation earnings',
    );
    const moved = await Promise.all([
      inviter.post('/api/user/aff_transfer', { quota: 1_000_000 }),
      inviter.post('/api/user/aff_transfer', { quota: 1_000_000 }),
    ]);
    expect(moved.filter((reply) => reply.body.success)).toHaveLength(1);
    const after = await self();
    expect(after.aff_quota).toBe(500_000);
    expect(after.quota).toBe(1_000_000);
    expect(after.aff_history_quota).toBe(1_500_000);
  });
});
