import { describe, expect } from 'vitest';
import type { Page } from '../../../../common/api/reply.ts';
import { LIMIT_KINDS, type LimitUsage } from '../../../../common/traffic-limits.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import type { ApiClient } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';
import type { TokenView } from './view.ts';

const matrix = await databaseMatrix();

/** Every usage row is one limit of the set, with whole numbers the console can show. */
function expectUsageShape(usage: LimitUsage[] | undefined): void {
  expect(Array.isArray(usage)).toBe(true);
  for (const row of usage ?? []) {
    expect(LIMIT_KINDS).toContain(row.kind);
    for (const field of ['limit', 'used', 'remaining', 'reset_at'] as const)
      expect(Number.isInteger(row[field]), field).toBe(true);
  }
}

describe.each(matrix)('token limits on $name', (dialect) => {
  const {
    server,
    users: { alice },
    run,
  } = setUpSite({ dialect, users: ['alice'] });
  const create = (client: ApiClient, body: Record<string, unknown>) =>
    client.post<TokenView>('/api/token/', { remain_quota: 500000, expired_time: -1, ...body });
  const count = async () => (await alice.get<Page<TokenView>>('/api/token/')).body.data!.total;

  run('saves a key’s limits normalised, shows them, and the relay cache holds them parsed', async () => {
    const reply = await create(alice, {
      name: 'limited',
      limits: {
        rpm: 60,
        tpm: '100000',
        rpd: 0,
        budget: 500000,
        budget_period: 'week',
        timezone: 'Asia/Shanghai',
      },
    });
    expect(reply.body.message).toBe('');
    const expected = {
      rpm: 60,
      tpm: 100000,
      budget: 500000,
      budget_period: 'week',
      timezone: 'Asia/Shanghai',
    };
    expect(reply.body.data?.limits).toEqual(expected);
    const id = reply.body.data!.id;
    expect(server.context.accounts.token(id)?.limits).toEqual(expected);
    const stored = await server.context.database.db
      .selectFrom('tokens')
      .select('limits')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(String(stored.limits))).toEqual(expected);

    // JSON text is accepted too (forms may send the field as a string).
    const asText = await create(alice, { name: 'as-text', limits: '{"concurrency": 2}' });
    expect(asText.body.data?.limits).toEqual({ concurrency: 2 });

    const plain = await create(alice, { name: 'plain' });
    expect(plain.body.data?.limits).toEqual({});
    expect(server.context.accounts.token(plain.body.data!.id)?.limits).toBeNull();
  });

  run('the list and GET /api/token/:id carry limit_usage for keys with limits only', async () => {
    const page = (await alice.get<Page<TokenView>>('/api/token/')).body.data!;
    const limited = page.items.find((token) => token.name === 'limited')!;
    const plain = page.items.find((token) => token.name === 'plain')!;
    expectUsageShape(limited.limit_usage);
    // Nothing has been called yet: one row per limit of the set, all of it remaining.
    expect(
      limited.limit_usage?.map(({ kind, limit, used, remaining }) => [kind, limit, used, remaining]),
    ).toEqual([
      ['rpm', 60, 0, 60],
      ['tpm', 100000, 0, 100000],
      ['budget', 500000, 0, 500000],
    ]);
    expect(plain.limit_usage).toBeUndefined();
    const one = (await alice.get<TokenView>(`/api/token/${limited.id}`)).body.data!;
    expect(one.limits).toEqual(limited.limits);
    expectUsageShape(one.limit_usage);
    const searched = (await alice.get<Page<TokenView>>('/api/token/search', { keyword: 'limited' })).body
      .data!;
    expectUsageShape(searched.items[0]?.limit_usage);
  });

  run(
    'refuses invalid limits with 400 naming the field, in English and Chinese, and saves nothing',
    async () => {
      const before = await count();
      const cases: [unknown, string][] = [
        [
          [1, 2],
          'limits must be an object of limits (rpm, tpm, rpd, tpd, concurrency, budget, budget_period, timezone)',
        ],
        [
          '{not json',
          'limits must be an object of limits (rpm, tpm, rpd, tpd, concurrency, budget, budget_period, timezone)',
        ],
        [{ rpm: -1 }, 'rpm must be a whole number of at least 0 (0 means no limit)'],
        [{ tpm: 1.5 }, 'tpm must be a whole number of at least 0 (0 means no limit)'],
        [{ budget_period: 'year' }, 'budget_period must be day, week or month'],
        [
          { timezone: 'Mars/Olympus' },
          'timezone is not a known time zone (an IANA name such as Asia/Shanghai, or UTC)',
        ],
        [{ rps: 3 }, 'rps is not a limit (rpm, tpm, rpd, tpd, concurrency, budget, budget_period, timezone)'],
        // Only a channel's caps have per-key caps.
        [
          { key_limits: { rpm: 1 } },
          'key_limits is not a limit (rpm, tpm, rpd, tpd, concurrency, budget, budget_period, timezone)',
        ],
      ];
      for (const [limits, message] of cases) {
        const reply = await create(alice, { name: 'bad', limits });
        expect({ limits, status: reply.status, message: reply.body.message }).toEqual({
          limits,
          status: 400,
          message,
        });
      }
      const chinese = await create(alice.withHeaders({ 'Accept-Language': 'zh-CN' }), {
        name: 'bad',
        limits: { rpm: 'many' },
      });
      expect(chinese.status).toBe(400);
      expect(chinese.body.message).toBe('rpm 必须是不小于 0 的整数（0 表示不限制）');
      expect(await count()).toBe(before);
    },
  );

  run('an update changes limits only when sent: refused values keep the stored ones, {} clears', async () => {
    const token = (await create(alice, { name: 'editable', limits: { rpm: 10 } })).body.data!;
    const renamed = await alice.put<TokenView>('/api/token/', { id: token.id, name: 'renamed' });
    expect(renamed.body.data?.limits).toEqual({ rpm: 10 });
    const refused = await alice.put('/api/token/', { id: token.id, name: 'not-saved', limits: { rpd: -5 } });
    expect(refused.status).toBe(400);
    const kept = (await alice.get<TokenView>(`/api/token/${token.id}`)).body.data!;
    expect(kept).toMatchObject({ name: 'renamed', limits: { rpm: 10 } });
    const changed = await alice.put<TokenView>('/api/token/', { id: token.id, limits: { rpd: 1000 } });
    expect(changed.body.data?.limits).toEqual({ rpd: 1000 });
    expect(server.context.accounts.token(token.id)?.limits).toEqual({ rpd: 1000 });
    const cleared = await alice.put<TokenView>('/api/token/', { id: token.id, limits: {} });
    expect(cleared.body.data?.limits).toEqual({});
    expect(server.context.accounts.token(token.id)?.limits).toBeNull();
    const nulled = await alice.put<TokenView>('/api/token/', { id: token.id, limits: { rpm: 5 } });
    expect(nulled.body.data?.limits).toEqual({ rpm: 5 });
    expect(
      (await alice.put<TokenView>('/api/token/', { id: token.id, limits: null })).body.data?.limits,
    ).toEqual({});
  });
});
