import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpDatabaseHandle } from '../test-support/database-handle.ts';
import { databaseMatrix } from '../test-support/databases.ts';
import { BatchWriter } from './batch-writer.ts';
import { readCheckpoints } from './ledger-checkpoints.ts';
import { LedgerJournal } from './ledger-journal.ts';
import { type JournalLine, readJournal } from './ledger-journal-format.ts';
import { planReplay, replayJournal } from './ledger-replay.ts';
import { runMigrations } from './migrations/index.ts';

const reserve = (s: number, id: string, amount: number): JournalLine => ({
  s,
  o: [
    ['i', 'users', 1, { quota: -amount }],
    ['i', 'tokens', 7, { remain_quota: -amount }],
  ],
  open: id,
});
const settleLine = (s: number, id: string, delta: number, cost: number): JournalLine => ({
  s,
  o: [
    ['i', 'users', 1, { quota: -delta }],
    ['i', 'tokens', 7, { remain_quota: -delta }],
    ['i', 'users', 1, { used_quota: cost, request_count: 1 }],
    ['l', { user_id: 1, type: 2, quota: cost, content: id }],
  ],
  close: id,
});

interface PlanCase {
  name: string;
  lines: JournalLine[];
  checkpoints: { counters: number; logs: number; replayed: number };
  userQuota: number | undefined;
  usedQuota: number | undefined;
  tokenQuota: number | undefined;
  logs: number;
  refunded: string[];
}

const cases: PlanCase[] = [
  {
    name: 'nothing written yet: every settled call is applied, the open one refunded',
    lines: [reserve(1, 'a', 100), settleLine(2, 'a', -40, 60), reserve(3, 'b', 100)],
    checkpoints: { counters: 0, logs: 0, replayed: 0 },
    userQuota: -60,
    usedQuota: 60,
    tokenQuota: -60,
    logs: 1,
    refunded: ['b'],
  },
  {
    name: 'everything written: only the open reservation is refunded',
    lines: [reserve(1, 'a', 100), settleLine(2, 'a', -40, 60), reserve(3, 'b', 100)],
    checkpoints: { counters: 3, logs: 3, replayed: 0 },
    userQuota: 100,
    usedQuota: undefined,
    tokenQuota: 100,
    logs: 0,
    refunded: ['b'],
  },
  {
    name: 'counters written, logs not: the log row alone is replayed',
    lines: [reserve(1, 'a', 100), settleLine(2, 'a', -40, 60)],
    checkpoints: { counters: 2, logs: 0, replayed: 0 },
    userQuota: undefined,
    usedQuota: undefined,
    tokenQuota: undefined,
    logs: 1,
    refunded: [],
  },
  {
    name: 'already replayed: counters and refunds are not applied twice',
    lines: [reserve(1, 'a', 100), settleLine(2, 'a', -40, 60), reserve(3, 'b', 100)],
    checkpoints: { counters: 0, logs: 3, replayed: 4 },
    userQuota: undefined,
    usedQuota: undefined,
    tokenQuota: undefined,
    logs: 0,
    refunded: [],
  },
  {
    name: 'a reservation written before the checkpoint and never settled is still refunded',
    lines: [reserve(1, 'a', 250)],
    checkpoints: { counters: 1, logs: 1, replayed: 0 },
    userQuota: 250,
    usedQuota: undefined,
    tokenQuota: 250,
    logs: 0,
    refunded: ['a'],
  },
  {
    name: 'a dropped delta (quota then set to an absolute value) is not replayed',
    lines: [
      { s: 1, o: [['i', 'users', 1, { quota: -30 }]] },
      { s: 2, o: [['d', 'users', 1, 'quota']] },
      { s: 3, o: [['i', 'users', 1, { quota: -5 }]] },
    ],
    checkpoints: { counters: 0, logs: 0, replayed: 0 },
    userQuota: -5,
    usedQuota: undefined,
    tokenQuota: undefined,
    logs: 0,
    refunded: [],
  },
  {
    name: 'unknown tables and columns in the file are ignored',
    lines: [{ s: 1, o: [['i', 'users', 1, { 'quota = 0; --': 5, quota: 2 }]] }],
    checkpoints: { counters: 0, logs: 0, replayed: 0 },
    userQuota: 2,
    usedQuota: undefined,
    tokenQuota: undefined,
    logs: 0,
    refunded: [],
  },
];

describe('planReplay', () => {
  it.each(cases)('$name', (testCase) => {
    const plan = planReplay({ lines: testCase.lines }, testCase.checkpoints);
    expect(plan.counters.get('users:1')?.deltas.get('quota')).toBe(testCase.userQuota);
    expect(plan.counters.get('users:1')?.deltas.get('used_quota')).toBe(testCase.usedQuota);
    expect(plan.counters.get('tokens:7')?.deltas.get('remain_quota')).toBe(testCase.tokenQuota);
    expect(plan.counters.get('users:1')?.deltas.has('quota = 0; --')).not.toBe(true);
    expect(plan.logs).toHaveLength(testCase.logs);
    expect(plan.refunded).toEqual(testCase.refunded);
    // Each refund is listed per balance (what Redis-held balances are given back at boot).
    const reserved = new Map(
      testCase.lines
        .filter((line) => line.open)
        .map((line) => [line.open, -(line.o[0]![3] as { quota: number }).quota]),
    );
    expect(plan.refunds).toEqual(
      testCase.refunded.flatMap((id) => [
        { table: 'users', id: 1, amount: reserved.get(id) },
        { table: 'tokens', id: 7, amount: reserved.get(id) },
      ]),
    );
  });
});

const matrix = await databaseMatrix();

describe.each(matrix)('the journaled batch writer on $name', (dialect) => {
  const { handle, run } = setUpDatabaseHandle(dialect);
  let directory: string;
  let path: string;

  beforeAll(async () => {
    if (dialect.skipReason) return;
    await runMigrations(handle);
    await handle.db.insertInto('users').values({ username: 'payer', password: 'x', quota: 10_000 }).execute();
    await handle.db
      .insertInto('tokens')
      .values({ user_id: 1, key: 'k'.repeat(48), remain_quota: 5_000 })
      .execute();
    directory = mkdtempSync(join(tmpdir(), 'switchyard-ledger-'));
    path = join(directory, 'ledger.journal');
  });

  afterAll(async () => {
    if (directory) rmSync(directory, { recursive: true, force: true });
  });

  async function balances() {
    const user = await handle.db
      .selectFrom('users')
      .select(['quota', 'used_quota'])
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const token = await handle.db
      .selectFrom('tokens')
      .select('remain_quota')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    const logs = await handle.db
      .selectFrom('logs')
      .select((builder) => [
        builder.fn.countAll<number>().as('rows'),
        builder.fn.sum<number>('quota').as('quota'),
      ])
      .where('type', '=', 2)
      .executeTakeFirstOrThrow();
    return {
      quota: Number(user.quota),
      used: Number(user.used_quota),
      token: Number(token.remain_quota),
      logRows: Number(logs.rows),
      logQuota: Number(logs.quota ?? 0),
    };
  }

  function call(writer: BatchWriter, id: string, reserved: number, cost: number | null): void {
    writer.group({ open: id }, () => {
      writer.increment('users', 1, { quota: -reserved });
      writer.increment('tokens', 1, { remain_quota: -reserved });
    });
    if (cost === null) return;
    writer.group({ close: id }, () => {
      writer.increment('users', 1, { quota: reserved - cost, used_quota: cost });
      writer.increment('tokens', 1, { remain_quota: reserved - cost });
      writer.appendLog({ user_id: 1, type: 2, quota: cost, content: id });
    });
  }

  run('recovers settled calls and refunds open reservations after a crash, exactly once', async () => {
    const before = await balances();
    expect(LedgerJournal.acquire(path)).toBeNull();
    const journal = new LedgerJournal(path);
    const writer = new BatchWriter(handle, handle, { intervalMs: 60_000, journal });
    call(writer, 'flushed', 100, 70);
    await writer.flush();
    expect(await readCheckpoints(handle.db, journal.id)).toMatchObject({ counters: journal.lastSeq });
    call(writer, 'settled-after-flush', 100, 40);
    call(writer, 'open-before-crash', 300, null);
    // The process dies: nothing more is flushed, the file stays behind.
    journal.close(false);

    const reading = LedgerJournal.acquire(path);
    expect(reading?.problems).toEqual([]);
    const previous = reading?.journal;
    expect(previous?.id).toBe(journal.id);
    const report = await replayJournal(previous!, handle, handle);
    expect(report.refunded).toBe(1);
    // A crash during recovery makes the next boot replay again: nothing may be applied twice.
    await replayJournal(previous!, handle, handle);
    const after = await balances();
    expect(after.quota).toBe(before.quota - 110);
    expect(after.token).toBe(before.token - 110);
    expect(after.used - before.used).toBe(110);
    expect(after.logRows - before.logRows).toBe(2);
    expect(after.logQuota - before.logQuota).toBe(110);
    new LedgerJournal(path).close(true);
  });

  run('a rotated journal keeps older open reservations and every uncovered line', async () => {
    const before = await balances();
    LedgerJournal.acquire(path);
    // A tiny rotation size: every flush's checkpoint rewrites the file.
    const journal = new LedgerJournal(path, 2_000);
    const writer = new BatchWriter(handle, handle, { intervalMs: 60_000, journal });
    call(writer, 'open-from-the-start', 300, null);
    for (let index = 0; index < 20; index += 1) call(writer, `flushed-${index}`, 10, 10);
    // Settled while the flush is writing: not covered by its checkpoint, so kept by the rotation it makes.
    const flushing = writer.flush();
    call(writer, 'settled-during-flush', 100, 60);
    await flushing;
    const reading = readJournal(path);
    // Sequence numbers stay in order across the rotation: no reservation repeated or reordered.
    expect(reading?.problems).toEqual([]);
    const rotated = reading?.journal;
    expect(rotated?.id).toBe(journal.id);
    const kept = rotated!.lines.flatMap((line) => [line.open, line.close].filter(Boolean));
    expect(kept).toContain('open-from-the-start');
    expect(kept).toContain('settled-during-flush');
    expect(kept.filter((id) => id?.startsWith('flushed-'))).toEqual([]);
    call(writer, 'settled-after-rotation', 100, 40);
    call(writer, 'open-at-the-crash', 100, null);
    journal.close(false);

    const left = LedgerJournal.acquire(path);
    expect(left?.problems).toEqual([]);
    const report = await replayJournal(left!.journal!, handle, handle);
    expect(report.refunded).toBe(2);
    const after = await balances();
    expect(before.quota - after.quota).toBe(20 * 10 + 60 + 40);
    expect(before.token - after.token).toBe(20 * 10 + 60 + 40);
    expect(after.used - before.used).toBe(20 * 10 + 60 + 40);
    expect(after.logRows - before.logRows).toBe(22);
    expect(after.logQuota - before.logQuota).toBe(20 * 10 + 60 + 40);
    new LedgerJournal(path).close(true);
  });

  run('a clean stop leaves nothing to replay', async () => {
    LedgerJournal.acquire(path);
    const journal = new LedgerJournal(path);
    const writer = new BatchWriter(handle, handle, { intervalMs: 60_000, journal });
    call(writer, 'clean', 50, 50);
    await writer.stop();
    journal.close(writer.pendingCount === 0 && journal.openReservations === 0);
    expect(LedgerJournal.acquire(path)).toBeNull();
    new LedgerJournal(path).close(true);
  });
});

describe('planReplay of subscription allowances', () => {
  const allowanceReserve = (s: number, id: string, units: number, balance: number): JournalLine => ({
    s,
    o: [
      ['i', 'user_subscription_items', 42, { amount_used: units }],
      ['i', 'users', 1, { quota: -balance }],
    ],
    open: id,
  });
  const allowanceSettle = (s: number, id: string, unitsDelta: number): JournalLine => ({
    s,
    o: [['i', 'user_subscription_items', 42, { amount_used: unitsDelta }]],
    close: id,
  });

  it('keeps a settled take and gives an unsettled one back, without a balance refund for it', () => {
    const plan = planReplay(
      {
        lines: [
          allowanceReserve(1, 'settled', 300, 0),
          allowanceSettle(2, 'settled', -50),
          allowanceReserve(3, 'open', 1, 20),
        ],
      },
      { counters: 0, logs: 0, replayed: 0 },
    );
    // 300 − 50 settled; the open call's 1 is taken and given back.
    expect(plan.counters.get('user_subscription_items:42')?.deltas.get('amount_used')).toBe(250);
    expect(plan.counters.get('users:1')?.deltas.get('quota')).toBe(0);
    expect(plan.refunded).toEqual(['open']);
    expect(plan.refunds).toEqual([{ table: 'users', id: 1, amount: 20 }]);
  });
});
