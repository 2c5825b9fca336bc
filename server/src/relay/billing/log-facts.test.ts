/**
 * Every log row the server writes keeps the facts of its sentence in `other` (content_key and
 * content_params, common/log-facts.ts) and the sentence itself in `content`, in the site's default
 * language: consumption (per token and per call), redeeming a code, an administrator changing a quota
 * and the sign-up gift, each read back through the log API.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { Page } from '../../../../common/api-types.ts';
import { LogType } from '../../../../common/statuses.ts';
import type { ApiClient } from '../../test-support/test-server.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

interface LogRow {
  id: number;
  type: number;
  content: string;
  user_id: number;
  other: string;
}

const USER_QUOTA = 100_000_000;

describe('facts of log rows', () => {
  const { fixture } = setUpRelayFixture({ userQuota: USER_QUOTA });
  beforeAll(async () => {
    await fixture.addChannel({ key: 'facts-key', models: 'gpt-4o-mini,per-call-facts' });
    await fixture.setModelRatios({ 'gpt-4o-mini': 1.25 }, { 'gpt-4o-mini': 4 });
    await fixture.mergeJsonOption('ModelPrice', { 'per-call-facts': 0.05 });
  });

  /** The newest row of `type` that `client` reads through the log API (root: every user's, else its own). */
  const newestLog = async (client: ApiClient, type: number, admin = false): Promise<LogRow> => {
    await fixture.flush();
    const path = admin ? '/api/log/' : '/api/log/self';
    const reply = await client.get<Page<LogRow>>(`${path}?type=${type}&p=1&page_size=10`);
    expect(reply.body.success).toBe(true);
    const row = reply.body.data?.items[0];
    if (!row) throw new Error(`no log row of type ${type}`);
    return row;
  };
  const otherOf = (row: LogRow) => JSON.parse(row.other) as Record<string, unknown>;

  it.each([
    [
      'the ratios of a per-token call, next to the pricing fields',
      'gpt-4o-mini',
      {
        content_key: 'log.consume_per_token',
        content_params: { model_ratio: 1.25, completion_ratio: 4, group_ratio: 1 },
        model_ratio: 1.25,
        completion_ratio: 4,
      },
      '模型倍率 1.25，补全倍率 4，分组倍率 1',
    ],
    [
      'the model price of a per-call model',
      'per-call-facts',
      { content_key: 'log.consume_per_call', content_params: { model_price: 0.05, group_ratio: 1 } },
      '模型价格 $0.05，分组倍率 1',
    ],
  ])('keeps %s', async (_name, model, facts, content) => {
    await fixture.openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'hello' }] });
    const row = await newestLog(fixture.user, LogType.consume);
    expect(otherOf(row)).toMatchObject(facts);
    expect(row.content).toBe(content);
  });

  it('keeps the quota and the code of a redemption', async () => {
    const created = await fixture.root.post<string[]>('/api/redemption/', {
      name: 'facts',
      quota: 125_000,
      count: 1,
    });
    const key = created.body.data?.[0];
    expect((await fixture.user.post('/api/user/topup', { key })).body.success).toBe(true);
    const code = await fixture.server.context.database.db
      .selectFrom('redemptions')
      .select('id')
      .where('key', '=', key ?? '')
      .executeTakeFirstOrThrow();
    const row = await newestLog(fixture.user, LogType.topup);
    expect(otherOf(row)).toEqual({
      content_key: 'log.redeemed',
      content_params: { quota: 125_000, code_id: code.id },
    });
    expect(row.content).toBe(`使用兑换码充值 $0.25（兑换码 #${code.id}）`);
  });

  it('keeps the administrator and both quotas of a quota change', async () => {
    const before = await fixture.userQuota();
    const reply = await fixture.root.put('/api/user/', { id: fixture.userId, quota: 2_500_000 });
    expect(reply.body.success).toBe(true);
    const row = await newestLog(fixture.root, LogType.manage, true);
    expect(row.user_id).toBe(fixture.userId);
    expect(otherOf(row)).toEqual({
      content_key: 'log.admin_quota_changed',
      content_params: { admin: 'root', from: before, to: 2_500_000 },
    });
    expect(row.content).toBe(`管理员 root 将用户额度从 $${(before / 500_000).toFixed(2)} 修改为 $5.00`);
  });

  it('keeps the gift of a new user', async () => {
    await fixture.setOption('QuotaForNewUser', '1000000');
    const created = await fixture.root.post('/api/user/', {
      username: 'gifted-user',
      password: 'password-123',
      display_name: 'gifted',
    });
    expect(created.body.success).toBe(true);
    const row = await newestLog(fixture.root, LogType.system, true);
    expect(otherOf(row)).toEqual({ content_key: 'log.signup_gift', content_params: { quota: 1_000_000 } });
    expect(row.content).toBe('新用户注册赠送 $2.00');
  });
});
