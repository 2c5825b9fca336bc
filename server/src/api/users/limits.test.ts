import { describe, expect } from 'vitest';
import type { SelfLimits } from '../../../../common/api/limits.ts';
import type { Page } from '../../../../common/api/reply.ts';
import type { UserView } from '../../../../common/api/users.ts';
import type { LimitSet } from '../../../../common/traffic-limits.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

type WithLimits = UserView & { limits: LimitSet };

describe.each(matrix)('user limits and GET /api/user/self/limits on $name', (dialect) => {
  const {
    server,
    root,
    users: { carol, dave },
    run,
  } = setUpSite({ dialect, users: ['carol', 'dave'] });

  run('an administrator saves a user’s limits; the user view and the relay cache carry them', async () => {
    const id = carol.currentUserId!;
    const saved = await root.put('/api/user/', {
      id,
      limits: { rpm: 30, budget: 1000000, budget_period: 'month' },
    });
    expect(saved.body).toMatchObject({ success: true });
    const expected = { rpm: 30, budget: 1000000, budget_period: 'month' };
    expect((await root.get<WithLimits>(`/api/user/${id}`)).body.data?.limits).toEqual(expected);
    expect(server.context.accounts.user(id)?.limits).toEqual(expected);
    const listed = (await root.get<Page<WithLimits>>('/api/user/')).body.data!.items;
    expect(listed.find((user) => user.id === id)?.limits).toEqual(expected);
    expect(listed.find((user) => user.id === dave.currentUserId)?.limits).toEqual({});
  });

  run(
    'refuses a user’s invalid limits with 400 (zh, en) and changes nothing, the name included',
    async () => {
      const id = carol.currentUserId!;
      const english = await root.put('/api/user/', {
        id,
        display_name: 'Not Saved',
        limits: { tpd: 'lots' },
      });
      expect(english.status).toBe(400);
      expect(english.body.message).toBe('tpd must be a whole number of at least 0 (0 means no limit)');
      const chinese = await root
        .withHeaders({ 'Accept-Language': 'zh-CN' })
        .put('/api/user/', { id, limits: { timezone: 'Nowhere/Land' } });
      expect(chinese.body.message).toBe(
        'timezone 不是有效的时区（应为 IANA 时区名称，如 Asia/Shanghai，或 UTC）',
      );
      const user = (await root.get<WithLimits>(`/api/user/${id}`)).body.data!;
      expect(user.display_name).toBe('carol');
      expect(user.limits).toEqual({ rpm: 30, budget: 1000000, budget_period: 'month' });
    },
  );

  run('an administrator may create a user with limits', async () => {
    const created = await root.post('/api/user/', {
      username: 'erin',
      password: 'password-123',
      limits: { rpd: 50 },
    });
    expect(created.body.success).toBe(true);
    const row = await server.context.database.db
      .selectFrom('users')
      .select(['id', 'limits'])
      .where('username', '=', 'erin')
      .executeTakeFirstOrThrow();
    expect((await root.get<WithLimits>(`/api/user/${row.id}`)).body.data?.limits).toEqual({ rpd: 50 });
    const refused = await root.post('/api/user/', {
      username: 'fred',
      password: 'password-123',
      limits: { x: 1 },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toMatch(/^x is not a limit/);
    const fred = await server.context.database.db
      .selectFrom('users')
      .select('id')
      .where('username', '=', 'fred')
      .executeTakeFirst();
    expect(fred).toBeUndefined();
  });

  run('a user may not set limits on anyone (admin routes)', async () => {
    const reply = await dave.put('/api/user/', { id: dave.currentUserId!, limits: {} });
    expect(reply.status).toBe(403);
  });

  run('traffic options are refused with their messages (en, zh) and keep the stored value', async () => {
    const refusals: [string, unknown, RegExp][] = [
      [
        'traffic_setting.group_limits',
        { vip: { rpm: -1 } },
        /^traffic_setting\.group_limits must be a JSON object mapping groups to limit sets/,
      ],
      [
        'traffic_setting.model_limits',
        { vip: { rpm: 5 } },
        /^traffic_setting\.model_limits must be a JSON object mapping groups to objects of models/,
      ],
      ['traffic_setting.fallback_models', { vip: { a: ['a'] } }, /\(no model may fall back to itself\)$/],
      [
        'traffic_setting.error_policy',
        { teapot: {} },
        /^traffic_setting\.error_policy must be a JSON object mapping error classes to policies/,
      ],
      ['traffic_setting.fallback_reply_model', 'upstream', /requested, served/],
      ['traffic_setting.queue_wait_ms', '60001', /60000/],
    ];
    for (const [key, value, message] of refusals) {
      const reply = await root.put('/api/option/', {
        key,
        value: typeof value === 'string' ? value : JSON.stringify(value),
      });
      expect({ key, status: reply.status }).toEqual({ key, status: 400 });
      expect(reply.body.message).toMatch(message);
    }
    const chinese = await root
      .withHeaders({ 'Accept-Language': 'zh-CN' })
      .put('/api/option/', { key: 'traffic_setting.group_limits', value: '{"vip":{"rpm":"many"}}' });
    expect(chinese.body.message).toMatch(/^traffic_setting\.group_limits 必须是 JSON 对象/);
    expect(server.context.options.get('traffic_setting.group_limits')).toBe('{}');
  });

  run(
    'GET /api/user/self/limits shows the user’s, the group’s, its models’ and the keys’ limits',
    async () => {
      const groupLimits = { default: { rpm: 600, timezone: 'UTC' }, vip: { rpm: 6000 } };
      const modelLimits = {
        default: { 'gpt-4o': { tpm: 200000 }, 'gpt-4o-mini': {} },
        vip: { 'gpt-4o': { rpm: 1 } },
      };
      for (const [key, value] of [
        ['traffic_setting.group_limits', groupLimits],
        ['traffic_setting.model_limits', modelLimits],
      ] as const)
        expect((await root.put('/api/option/', { key, value: JSON.stringify(value) })).body.success).toBe(
          true,
        );
      const limitedKey = (
        await carol.post<{ id: number }>('/api/token/', { name: 'capped', limits: { rpm: 5 } })
      ).body.data!;
      await carol.post('/api/token/', { name: 'open' });

      const mine = (await carol.get<SelfLimits>('/api/user/self/limits')).body.data!;
      expect(mine.user.limits).toEqual({ rpm: 30, budget: 1000000, budget_period: 'month' });
      expect(mine.group).toMatchObject({ name: 'default', limits: { rpm: 600, timezone: 'UTC' } });
      expect(mine.models.map(({ model, limits }) => ({ model, limits }))).toEqual([
        { model: 'gpt-4o', limits: { tpm: 200000 } },
      ]);
      expect(mine.tokens.map(({ id, name, limits }) => ({ id, name, limits }))).toEqual([
        { id: limitedKey.id, name: 'capped', limits: { rpm: 5 } },
      ]);
      for (const scope of [mine.user, mine.group, ...mine.models, ...mine.tokens])
        expect(Array.isArray(scope.usage)).toBe(true);

      // Nothing of their own: empty sets, no usage, no keys; their group's limits still apply.
      const other = (await dave.get<SelfLimits>('/api/user/self/limits')).body.data!;
      expect(other.user).toEqual({ limits: {}, usage: [] });
      expect(other.tokens).toEqual([]);
      expect(other.group.limits).toEqual({ rpm: 600, timezone: 'UTC' });
    },
  );
});
