/**
 * Seeding at boot on every database of the matrix: what each limited scope used in its current day and
 * budget period is read from the log and counted again, so a restart does not reset it.
 */
import { beforeAll, describe, expect } from 'vitest';
import { LogType } from '../../../../common/statuses.ts';
import { runMigrations } from '../../db/migrations/index.ts';
import { setUpDatabaseHandle } from '../../test-support/database-handle.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { createLimiter } from './limiter.ts';
import { type SeedTarget, seedLimiter } from './seed.ts';

const matrix = await databaseMatrix();
const now = Date.parse('2026-03-10T12:00:00Z'); // a Tuesday
const seconds = (iso: string) => Date.parse(iso) / 1000;

describe.each(matrix)('seeding the limiter from the log on $name', (dialect) => {
  const { handle, run: test } = setUpDatabaseHandle(dialect);

  beforeAll(async () => {
    if (dialect.skipReason) return;
    await runMigrations(handle);
    const row = (
      tokenId: number,
      at: string,
      quota: number,
      tokens: [number, number],
      extra: { type?: number; group?: string; model_name?: string } = {},
    ) => ({
      token_id: tokenId,
      user_id: 1,
      created_at: seconds(at),
      type: LogType.consume,
      group: 'default',
      model_name: 'gpt',
      quota,
      prompt_tokens: tokens[0],
      completion_tokens: tokens[1],
      ...extra,
    });
    await handle.db
      .insertInto('logs')
      .values([
        row(1, '2026-03-10T01:00:00Z', 100, [10, 5]),
        row(1, '2026-03-10T11:59:00Z', 100, [20, 0]),
        row(1, '2026-03-10T11:59:30Z', 0, [0, 0], { type: LogType.error }),
        row(1, '2026-03-09T23:00:00Z', 1000, [500, 500]),
        row(1, '2026-03-10T02:00:00Z', 7, [1, 1], { type: LogType.topup }),
        row(2, '2026-03-09T08:00:00Z', 300, [1, 1]),
        row(2, '2026-03-08T08:00:00Z', 999, [1, 1]),
        row(5, '2026-03-10T03:00:00Z', 50, [4, 4], { group: 'vip', model_name: 'm1' }),
        row(6, '2026-03-10T04:00:00Z', 50, [4, 4], { group: 'vip', model_name: 'm1' }),
        row(6, '2026-03-10T05:00:00Z', 50, [4, 4], { group: 'vip', model_name: 'm2' }),
      ])
      .execute();
  });

  test('day and budget counts continue from the log; scopes without period limits are not read', async () => {
    const limiter = createLimiter({ now: () => now });
    const targets: SeedTarget[] = [
      { scope: 'key:1', limits: { rpd: 10, tpd: 100, budget: 5000 }, column: 'token_id', value: 1 },
      { scope: 'key:2', limits: { budget: 1000, budget_period: 'week' }, column: 'token_id', value: 2 },
      { scope: 'key:3', limits: { rpd: 5 }, column: 'token_id', value: 3 },
      { scope: 'key:4', limits: { rpm: 5 }, column: 'token_id', value: 4 },
      { scope: 'model:vip:m1', limits: { rpd: 5, tpd: 100 }, column: 'group', value: 'vip', model: 'm1' },
      // Shanghai's day began at 2026-03-09T16:00Z: yesterday's 23:00Z row is today there.
      { scope: 'user:1', limits: { rpd: 100, timezone: 'Asia/Shanghai' }, column: 'user_id', value: 1 },
    ];
    expect(await seedLimiter(limiter, handle, targets, now)).toBe(4);
    const used = async (target: SeedTarget) =>
      Object.fromEntries((await limiter.usage(target)).map((entry) => [entry.kind, entry.used]));
    expect(await used(targets[0]!)).toEqual({ rpd: 3, tpd: 35, budget: 200 });
    expect(await used(targets[1]!)).toEqual({ budget: 300 });
    expect(await used(targets[2]!)).toEqual({ rpd: 0 });
    expect(await used(targets[4]!)).toEqual({ rpd: 2, tpd: 16 });
    expect(await used(targets[5]!)).toEqual({ rpd: 7 });
    const refused = await limiter.admit([{ scope: 'key:1', limits: targets[0]!.limits }], {
      tokens: 70,
      quota: 0,
    });
    expect(refused).toMatchObject({ refused: true, kind: 'tpd' });
  });
});
