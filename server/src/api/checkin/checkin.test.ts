import { describe, expect, it } from 'vitest';
import type { CheckinResult, CheckinStatus } from '../../../../common/api/checkin.ts';
import type { UserView } from '../../../../common/api/users.ts';
import { LogType } from '../../../../common/statuses.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import type { ApiClient } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';
import { localDate } from './checkin-day.ts';

const matrix = await databaseMatrix();
/** Fourteen hours east of UTC: for most of the UTC day its date is not UTC's, so the zone shows. */
const ZONE = 'Pacific/Kiritimati';

describe.each(matrix)('daily check-in (/api/user/checkin) on $name', (dialect) => {
  const {
    server,
    root,
    users: { alice, bob, carol },
    run,
  } = setUpSite({ dialect, users: ['alice', 'bob', 'carol'], environment: { TZ: ZONE } });

  const quotaOf = async (client: ApiClient) =>
    (await client.get<UserView>('/api/user/self')).body.data!.quota;
  const setOption = async (key: string, value: string) => {
    const reply = await root.put('/api/option/', { key, value });
    expect(reply.body.success, reply.body.message).toBe(true);
  };
  const checkinRows = (userId: number) =>
    server.context.database.db.selectFrom('checkins').selectAll().where('user_id', '=', userId).execute();
  const systemLogs = async (userId: number) => {
    await server.context.writer.flush();
    return server.context.logDatabase.db
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', LogType.system)
      .where('user_id', '=', userId)
      .execute();
  };

  run('is refused while off, in English and Chinese, and changes nothing', async () => {
    const before = await quotaOf(alice);
    const english = await alice.post('/api/user/checkin');
    expect(english.status).toBe(200);
    expect(english.body).toMatchObject({ success: false, message: 'Check-in is not enabled' });
    const chinese = alice.withHeaders({ 'Accept-Language': 'zh-CN' });
    expect((await chinese.post('/api/user/checkin')).body.message).toBe('签到功能未启用');
    expect((await chinese.get('/api/user/checkin')).body).toMatchObject({
      success: false,
      message: '签到功能未启用',
    });
    expect(await checkinRows(alice.currentUserId!)).toEqual([]);
    expect(await quotaOf(alice)).toBe(before);
  });

  run('refuses a reward range that is not whole or below 0 (options)', async () => {
    const negative = await root.put('/api/option/', { key: 'checkin_setting.min_quota', value: '-1' });
    expect(negative.status).toBe(400);
    expect(negative.body.message).toBe('checkin_setting.min_quota must be at least 0');
    const fraction = await root
      .withHeaders({ 'Accept-Language': 'zh-CN' })
      .put('/api/option/', { key: 'checkin_setting.max_quota', value: '1.5' });
    expect(fraction.body.message).toBe('checkin_setting.max_quota 必须是整数');
  });

  run('credits a reward within [min, max] once a day, with a system log row', async () => {
    await setOption('checkin_setting.min_quota', '500');
    await setOption('checkin_setting.max_quota', '800');
    await setOption('checkin_setting.enabled', 'true');
    const userId = alice.currentUserId!;
    const before = await quotaOf(alice);
    const reply = await alice.post<CheckinResult>('/api/user/checkin');
    expect(reply.body.success, reply.body.message).toBe(true);
    expect(reply.body.message).toBe('Checked in');
    const { quota_awarded: awarded, checkin_date: day } = reply.body.data!;
    expect(awarded).toBeGreaterThanOrEqual(500);
    expect(awarded).toBeLessThanOrEqual(800);
    expect(Number.isInteger(awarded)).toBe(true);
    // The day is the configured zone's (TZ), not UTC's; the clock may just have turned, so either side.
    const now = Date.now();
    expect([localDate(now - 5000, ZONE), localDate(now, ZONE)]).toContain(day);
    expect(await quotaOf(alice)).toBe(before + awarded);
    expect(server.context.accounts.user(userId)?.quota).toBe(before + awarded);
    const rows = await checkinRows(userId);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ checkin_date: day, quota_awarded: awarded });
    const logs = await systemLogs(userId);
    expect(logs).toHaveLength(1);
    // The site shows currency by default: QuotaPerUnit 500000 quota units to the dollar.
    expect(logs[0]).toMatchObject({
      username: 'alice',
      content: `用户签到，获得额度 $${(awarded / 500000).toFixed(6)} 额度`,
    });

    const again = await alice.post('/api/user/checkin');
    expect(again.body).toMatchObject({ success: false, message: 'You have already checked in today' });
    const againZh = await alice.withHeaders({ 'Accept-Language': 'zh' }).post('/api/user/checkin');
    expect(againZh.body.message).toBe('今日已签到');
    expect(await quotaOf(alice)).toBe(before + awarded);
    expect(await checkinRows(userId)).toHaveLength(1);
    expect(await systemLogs(userId)).toHaveLength(1);
  });

  run('rewards exactly the amount when min equals max, and swaps an inverted range', async () => {
    await setOption('checkin_setting.enabled', 'true');
    await setOption('checkin_setting.min_quota', '9000');
    await setOption('checkin_setting.max_quota', '7000');
    const status = await carol.get<CheckinStatus>('/api/user/checkin');
    expect(status.body.data).toMatchObject({ enabled: true, min_quota: 7000, max_quota: 9000 });
    const reply = await carol.post<CheckinResult>('/api/user/checkin');
    expect(reply.body.data!.quota_awarded).toBeGreaterThanOrEqual(7000);
    expect(reply.body.data!.quota_awarded).toBeLessThanOrEqual(9000);
    await setOption('checkin_setting.min_quota', '500');
    await setOption('checkin_setting.max_quota', '800');
  });

  run('gives one reward to concurrent check-ins of one user', async () => {
    await setOption('checkin_setting.enabled', 'true');
    const userId = bob.currentUserId!;
    const before = await quotaOf(bob);
    const replies = await Promise.all(
      Array.from({ length: 8 }, () => bob.post<CheckinResult>('/api/user/checkin')),
    );
    const won = replies.filter((reply) => reply.body.success);
    expect(won).toHaveLength(1);
    for (const reply of replies.filter((candidate) => !candidate.body.success)) {
      expect(reply.body.message).toBe('You have already checked in today');
    }
    const awarded = won[0]!.body.data!.quota_awarded;
    expect(await quotaOf(bob)).toBe(before + awarded);
    expect(server.context.accounts.user(userId)?.quota).toBe(before + awarded);
    expect(await checkinRows(userId)).toHaveLength(1);
    expect(await systemLogs(userId)).toHaveLength(1);
  });

  run("answers the month's check-ins and the totals ever", async () => {
    await setOption('checkin_setting.enabled', 'true');
    const userId = alice.currentUserId!;
    // Two earlier days: one in an old month, one on the first of this month unless today is the first.
    const today = localDate(Date.now(), ZONE);
    const month = today.slice(0, 7);
    const earlier = today.endsWith('-01') ? null : `${month}-01`;
    const values = [{ user_id: userId, checkin_date: '2025-03-15', quota_awarded: 1234, created_at: 1 }];
    if (earlier) values.push({ user_id: userId, checkin_date: earlier, quota_awarded: 100, created_at: 2 });
    await server.context.database.db.insertInto('checkins').values(values).execute();
    const todayRow = (await checkinRows(userId)).find((row) => row.checkin_date === today)!;
    const awardedToday = Number(todayRow.quota_awarded);

    const current = await alice.get<CheckinStatus>('/api/user/checkin');
    expect(current.body.success, current.body.message).toBe(true);
    const expectedRecords = [{ checkin_date: today, quota_awarded: awardedToday }];
    if (earlier) expectedRecords.push({ checkin_date: earlier, quota_awarded: 100 });
    expect(current.body.data).toEqual({
      enabled: true,
      min_quota: 500,
      max_quota: 800,
      stats: {
        total_quota: 1234 + awardedToday + (earlier ? 100 : 0),
        total_checkins: earlier ? 3 : 2,
        checkin_count: expectedRecords.length,
        checked_in_today: true,
        records: expectedRecords,
      },
    });

    const old = await alice.get<CheckinStatus>('/api/user/checkin', { month: '2025-03' });
    expect(old.body.data!.stats).toMatchObject({
      checkin_count: 1,
      checked_in_today: true,
      records: [{ checkin_date: '2025-03-15', quota_awarded: 1234 }],
    });
    const empty = await carol.get<CheckinStatus>('/api/user/checkin', { month: '2024-12' });
    expect(empty.body.data!.stats).toMatchObject({ checkin_count: 0, records: [] });

    for (const bad of ['2025-13', '2025-3', 'March', '2025-03-01']) {
      const refused = await alice.get('/api/user/checkin', { month: bad });
      expect(refused.status, bad).toBe(400);
      expect(refused.body.message).toBe('The month must be written YYYY-MM, e.g. 2026-01');
    }
    const refusedZh = await alice
      .withHeaders({ 'Accept-Language': 'zh' })
      .get('/api/user/checkin', { month: '2025-00' });
    expect(refusedZh.body.message).toBe('月份格式应为 YYYY-MM，例如 2026-01');
  });

  run('needs a signed-in user', async () => {
    const response = await fetch(new URL('/api/user/checkin', server.url), { method: 'POST' });
    expect(response.status).toBe(401);
  });

  run('asks for Turnstile when the site checks it, as new-api does', async () => {
    await setOption('TurnstileSiteKey', 'site-key');
    await setOption('TurnstileCheckEnabled', 'true');
    try {
      const reply = await carol.post('/api/user/checkin');
      expect(reply.body).toMatchObject({
        success: false,
        message: 'Please retry in a few seconds, the bot check is running',
      });
      expect(await checkinRows(carol.currentUserId!)).toHaveLength(1);
    } finally {
      await setOption('TurnstileCheckEnabled', 'false');
    }
  });
});

it('keeps the test zone ahead of UTC (so that the day checked above is the zone’s)', () => {
  expect(localDate(Date.UTC(2026, 0, 1, 12), ZONE)).toBe('2026-01-02');
});
