/**
 * The security audit log through real HTTP (docs/audit.md): one row per kind of change, secrets masked in
 * before/after, refusals recorded as failures, sign-ins and failed sign-ins, the list's filters, who sees
 * which rows, and retention.
 */
import { Secret, TOTP } from 'otpauth';
import { describe, expect } from 'vitest';
import type { AuditFilterChoices, AuditLogView } from '../../../../common/api/audit.ts';
import type { Page } from '../../../../common/api/reply.ts';
import { auditedRouteKeys } from '../../audit/hooks.ts';
import { routeKey } from '../../audit/route-types.ts';
import { AUDITED_ROUTES } from '../../audit/routes-table.ts';
import { flushAuditLog } from '../../audit/writer.ts';
import { runRetention } from '../../jobs/retention.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { type ApiClient, anonymousClient } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('the audit log on $name', (dialect) => {
  const { server, root, users, run } = setUpSite({
    dialect,
    users: { alice: 'alice', boss: { username: 'boss', role: 'admin' } },
  });

  /** The newest rows root sees, after the writer has flushed. */
  async function rows(query: Record<string, string | number> = {}, client: ApiClient = root) {
    await flushAuditLog(server.context);
    const reply = await client.get<Page<AuditLogView>>('/api/audit/', { page_size: 100, ...query });
    expect(reply.body.success, JSON.stringify(reply.body)).toBe(true);
    return reply.body.data!.items;
  }
  async function newest(action: string) {
    const [row] = await rows({ action });
    expect(row, `no ${action} row`).toBeDefined();
    return row!;
  }

  run('every entry of the audited-route table names a registered route', async () => {
    const attached = auditedRouteKeys(server.context);
    for (const route of AUDITED_ROUTES) expect(attached).toContain(routeKey(route.method, route.url));
  });

  run('records a channel create, update (key masked, only changed fields), key view and delete', async () => {
    const created = await root.post<{ ids: number[] }>('/api/channel/', {
      type: 1,
      key: 'sk-upstream-secret-1',
      name: 'audited',
      models: 'gpt-4o',
      group: 'default',
    });
    const id = created.body.data!.ids[0]!;
    const create = await newest('channel.create');
    expect(create).toMatchObject({
      username: 'root',
      role: 100,
      target_type: 'channel',
      target_id: String(id),
      target_name: 'audited',
      outcome: 'success',
      before: null,
    });
    expect(create.after![String(id)]).toMatchObject({ key: '[masked]', name: 'audited' });

    const updated = await root.put('/api/channel/', { id, name: 'audited-2', key: 'sk-upstream-secret-2' });
    expect(updated.body.success, JSON.stringify(updated.body)).toBe(true);
    const update = await newest('channel.update');
    expect(update.target_id).toBe(String(id));
    expect(update.before).toEqual({ name: 'audited', key: '[masked]' });
    expect(update.after).toEqual({ name: 'audited-2', key: '[masked]' });

    // Reading a channel carries no key: not a key view. Asking for the key is one, granted or refused (root
    // here has no second factor to ask again with, so the key is refused and the refusal recorded).
    await root.get(`/api/channel/${id}`);
    expect(await rows({ action: 'channel.key_view' })).toHaveLength(0);
    expect((await root.post(`/api/channel/${id}/key`, {})).body.success).toBe(false);
    expect(await newest('channel.key_view')).toMatchObject({
      target_id: String(id),
      username: 'root',
      outcome: 'failure',
    });
    await users.boss.post(`/api/channel/${id}/key`, {});
    expect(await rows({ action: 'channel.key_view' })).toHaveLength(2);

    await root.delete(`/api/channel/${id}`);
    const removed = await newest('channel.delete');
    expect(removed).toMatchObject({ target_id: String(id), target_name: 'audited-2', after: null });
    expect(removed.before).toMatchObject({ key: '[masked]', name: 'audited-2' });
    const everything = JSON.stringify(await rows());
    expect(everything).not.toContain('sk-upstream-secret');
  });

  run('records option changes with secret option values masked', async () => {
    await root.put('/api/option/', { key: 'SystemName', value: 'Audited Yard' });
    const plain = await newest('option.update');
    expect(plain).toMatchObject({ target_type: 'option', target_id: 'SystemName', outcome: 'success' });
    expect(plain.after).toEqual({ SystemName: 'Audited Yard' });
    expect(plain.before).toEqual({ SystemName: expect.any(String) });

    await root.put('/api/option/', { key: 'StripeWebhookSecret', value: 'whsec_top_secret' });
    const secret = await newest('option.update');
    expect(secret).toMatchObject({ target_id: 'StripeWebhookSecret' });
    expect(secret.before).toEqual({ StripeWebhookSecret: '' });
    expect(secret.after).toEqual({ StripeWebhookSecret: '[masked]' });
    expect(JSON.stringify(await rows())).not.toContain('whsec_top_secret');
  });

  run('records a refused change as a failure with the caller, and changes nothing', async () => {
    const refused = await users.alice.put('/api/option/', { key: 'SystemName', value: 'Alice Yard' });
    expect(refused.status).toBe(403);
    const row = await newest('option.update');
    expect(row).toMatchObject({ username: 'alice', role: 1, outcome: 'failure', target_id: 'SystemName' });
    expect(row.after).toBeNull();
    // A business refusal (HTTP 200, success false) is a failure too.
    await root.post('/api/user/topup/complete', { trade_no: 'no-such-order' });
    expect(await newest('order.complete')).toMatchObject({ outcome: 'failure', target_id: 'no-such-order' });
    // Nobody signed in: the guard refuses before anything happens, no row.
    const before = (await rows()).length;
    await anonymousClient(server).put('/api/option/', { key: 'SystemName', value: 'x' });
    expect((await rows()).length).toBe(before);
  });

  run('records user quota changes, manage actions and the 2FA reset', async () => {
    const aliceId = users.alice.currentUserId!;
    const update = await users.boss.put('/api/user/', { id: aliceId, quota: 123_456 });
    expect(update.body.success, JSON.stringify(update.body)).toBe(true);
    const row = await newest('user.update');
    expect(row).toMatchObject({ username: 'boss', target_id: String(aliceId), target_name: 'alice' });
    expect(row.after).toMatchObject({ quota: 123_456 });
    expect(Object.keys(row.after!)).not.toContain('username');

    await root.post('/api/user/manage', { id: aliceId, action: 'disable' });
    await root.post('/api/user/manage', { id: aliceId, action: 'enable' });
    const manage = await newest('user.manage');
    expect(manage.message).toBe('enable');
    expect(manage.before).toMatchObject({ status: 2 });
    expect(manage.after).toMatchObject({ status: 1 });

    // Alice enrols two-factor, root resets it.
    const again = anonymousClient(server);
    await again.login('alice', 'password-123');
    const setup = await again.post<{ secret: string }>('/api/user/2fa/setup');
    const totp = new TOTP({ secret: Secret.fromBase32(setup.body.data!.secret), digits: 6, period: 30 });
    await again.post('/api/user/2fa/enable', { code: totp.generate() });
    const reset = await root.delete(`/api/user/${aliceId}/2fa`);
    expect(reset.status).toBe(200);
    expect(await newest('user.reset_2fa')).toMatchObject({
      outcome: 'success',
      target_id: String(aliceId),
      target_name: 'alice',
    });
    await root.delete(`/api/user/${aliceId}/2fa`);
    expect(await newest('user.reset_2fa')).toMatchObject({ outcome: 'failure' });
  });

  run('records redemption creation and a top-up order completed by hand', async () => {
    const created = await root.post<string[]>('/api/redemption/', { name: 'gift', quota: 500, count: 2 });
    const row = await newest('redemption.create');
    expect(row.after).toMatchObject({ name: 'gift', quota: 500, count: 2 });
    for (const code of created.body.data!) expect(JSON.stringify(row)).not.toContain(code);

    const tradeNo = `audit-order-${Date.now()}`;
    await server.context.database.db
      .insertInto('top_ups')
      .values({
        user_id: users.alice.currentUserId!,
        amount: 2,
        money: 2,
        trade_no: tradeNo,
        payment_method: 'alipay',
        payment_provider: 'epay',
        create_time: Math.floor(Date.now() / 1000),
        status: 'pending',
      })
      .execute();
    const completed = await root.post('/api/user/topup/complete', { trade_no: tradeNo });
    expect(completed.body.success, JSON.stringify(completed.body)).toBe(true);
    const order = await newest('order.complete');
    expect(order).toMatchObject({ outcome: 'success', target_type: 'order', target_id: tradeNo });
    expect(order.before).toMatchObject({ status: 'pending' });
    expect(order.after).toMatchObject({ status: 'success' });
  });

  run('records sign-ins and failed sign-ins with the username tried, never the password', async () => {
    const client = anonymousClient(server);
    await client.request('POST', '/api/user/login', {
      body: { username: 'alice', password: 'wrong-password-x' },
    });
    const failed = await newest('login.password');
    expect(failed).toMatchObject({
      outcome: 'failure',
      user_id: 0,
      username: 'alice',
      target_name: 'alice',
      target_id: String(users.alice.currentUserId),
    });
    expect(JSON.stringify(failed)).not.toContain('wrong-password-x');
    expect(failed.ip).not.toBe('');

    await client.login('alice', 'password-123');
    expect(await newest('login.password')).toMatchObject({
      outcome: 'success',
      user_id: users.alice.currentUserId,
      username: 'alice',
      role: 1,
    });
    await anonymousClient(server).request('POST', '/api/user/login', {
      body: { username: 'nobody-here', password: 'x-password' },
    });
    expect(await newest('login.password')).toMatchObject({ outcome: 'failure', username: 'nobody-here' });
  });

  run('filters by action, actor, target, outcome and time', async () => {
    expect(
      (await rows({ username: 'alice', outcome: 'failure' })).every((row) => row.username === 'alice'),
    ).toBe(true);
    expect((await rows({ outcome: 'failure' })).every((row) => row.outcome === 'failure')).toBe(true);
    const options = await rows({ target_type: 'option', target_id: 'SystemName' });
    expect(options.length).toBeGreaterThanOrEqual(2);
    expect(options.every((row) => row.target_id === 'SystemName')).toBe(true);
    const now = Math.floor(Date.now() / 1000);
    expect(await rows({ start_timestamp: now + 3600 })).toEqual([]);
    expect((await rows({ end_timestamp: now + 3600 })).length).toBeGreaterThan(0);
    expect((await root.get('/api/audit/', { outcome: 'maybe' })).status).toBe(400);
    expect((await root.get('/api/audit/', { start_timestamp: 'yesterday' })).status).toBe(400);
    const choices = (await root.get<AuditFilterChoices>('/api/audit/actions')).body.data!;
    expect(choices.actions).toEqual(
      expect.arrayContaining(['channel.update', 'login.password', 'option.update']),
    );
    expect(choices.target_types).toContain('channel');
  });

  run('shows root every row, an admin their own and lower ranks’ rows, a common user nothing', async () => {
    // Alice's first session ended when root disabled her: she signs in again.
    const alice = anonymousClient(server);
    await alice.login('alice', 'password-123');
    expect((await alice.get('/api/audit/')).status).toBe(403);
    expect((await alice.get('/api/audit/actions')).status).toBe(403);
    // A failed sign-in as root: only root sees it.
    await anonymousClient(server).request('POST', '/api/user/login', {
      body: { username: 'root', password: 'guess-password' },
    });
    const all = await rows();
    const seenByBoss = await rows({}, users.boss);
    const bossId = users.boss.currentUserId!;
    expect(all.some((row) => row.username === 'root')).toBe(true);
    expect(seenByBoss.some((row) => row.role >= 100 || row.target_role >= 100)).toBe(false);
    expect(seenByBoss.some((row) => row.user_id === bossId && row.action === 'user.update')).toBe(true);
    expect(seenByBoss.some((row) => row.username === 'alice' && row.outcome === 'failure')).toBe(true);
    const expected = all.filter(
      (row) =>
        row.user_id === bossId ||
        (row.role < 10 &&
          (row.target_type !== 'user' || row.target_role < 10 || row.target_id === String(bossId))),
    );
    expect(seenByBoss.map((row) => row.id)).toEqual(expected.map((row) => row.id));
  });

  run('deletes rows past AuditLogRetentionDays, keeps all at 0', async () => {
    const old = Math.floor(Date.now() / 1000) - 40 * 86_400;
    await server.context.database.db
      .insertInto('audit_logs')
      .values({ created_at: old, action: 'channel.update', username: 'ancient', outcome: 'success' })
      .execute();
    expect((await runRetention(server.context)).audit).toBe(0);
    expect((await rows({ username: 'ancient' })).length).toBe(1);
    await root.put('/api/option/', { key: 'AuditLogRetentionDays', value: '30' });
    expect((await runRetention(server.context)).audit).toBe(1);
    expect(await rows({ username: 'ancient' })).toEqual([]);
    expect((await rows()).length).toBeGreaterThan(0);
    await root.put('/api/option/', { key: 'AuditLogRetentionDays', value: '0' });
  });
});
