/**
 * Boot-time recovery of the ledger journal (ledger-journal.ts) left by a process that did not stop
 * cleanly: the writes past the database's checkpoints are applied, and every reservation never closed by
 * a settlement is refunded. Log rows go to the log database first, then counters, refunds and the
 * `replayed` mark to the main database in one transaction, so a crash during recovery repeats nothing.
 */
import { type Insertable, sql, type Transaction } from 'kysely';
import type { DatabaseHandle } from './connect.ts';
import { deleteCheckpoints, readCheckpoints, writeCheckpoint } from './ledger-checkpoints.ts';
import type { JournalLine, JournalOp, PreviousJournal } from './ledger-journal-format.ts';
import { completeLogRow } from './log-row.ts';
import type { Database } from './schema.ts';

/** Tables and columns a journal may name (anything else in the file is ignored, never interpolated). */
const counterColumns: Record<string, ReadonlySet<string>> = {
  users: new Set(['quota', 'used_quota', 'request_count', 'aff_quota', 'aff_history']),
  tokens: new Set(['remain_quota', 'used_quota', 'accessed_time', 'status']),
  channels: new Set(['used_quota', 'status', 'response_time', 'test_time']),
  user_subscription_items: new Set(['amount_used']),
};
/**
 * Columns a reservation takes from, given back when it was never settled: the balances, and what a
 * subscription allowance spent (a reservation taken from it counts up `amount_used`, so its refund counts down).
 */
const reservedColumns: Record<string, { column: string; isBalance: boolean }> = {
  users: { column: 'quota', isBalance: true },
  tokens: { column: 'remain_quota', isBalance: true },
  user_subscription_items: { column: 'amount_used', isBalance: false },
};

interface RowChange {
  deltas: Map<string, number>;
  assignments: Map<string, number>;
}

export interface ReplayPlan {
  /** Counter changes per "table:id". */
  counters: Map<string, RowChange>;
  logs: Insertable<Database['logs']>[];
  /** Reservations refunded (request ids). */
  refunded: string[];
  /** The balance changes those refunds make, row by row (balances held elsewhere must follow them). */
  refunds: BalanceRefund[];
  lastSeq: number;
}

/** A reservation's amount given back to one balance: users.quota or tokens.remain_quota. */
export interface BalanceRefund {
  table: 'users' | 'tokens';
  id: number;
  amount: number;
}

function isKnown(table: string, column: string): boolean {
  return counterColumns[table]?.has(column) === true;
}

function change(plan: ReplayPlan, table: string, id: number): RowChange {
  const key = `${table}:${id}`;
  let existing = plan.counters.get(key);
  if (!existing) {
    existing = { deltas: new Map(), assignments: new Map() };
    plan.counters.set(key, existing);
  }
  return existing;
}

function applyOp(plan: ReplayPlan, op: JournalOp, withCounters: boolean, withLogs: boolean): void {
  switch (op[0]) {
    case 'l':
      if (withLogs) plan.logs.push(completeLogRow(op[1] as Insertable<Database['logs']>));
      return;
    case 'i':
    case 'a': {
      if (!withCounters) return;
      const [kind, table, id, values] = op;
      const target = change(plan, table, id);
      for (const [column, value] of Object.entries(values)) {
        if (!isKnown(table, column) || !Number.isFinite(value)) continue;
        if (kind === 'i') target.deltas.set(column, (target.deltas.get(column) ?? 0) + value);
        else target.assignments.set(column, value);
      }
      return;
    }
    case 'd':
      // A queued delta dropped because the column was then set to an absolute value.
      if (withCounters) plan.counters.get(`${op[1]}:${op[2]}`)?.deltas.delete(op[3]);
      return;
  }
}

/**
 * What recovery must write: every line past the checkpoints (counters past `counters`, log rows past
 * `logs`), and the refund of every reservation left open, unless `replayed` says it was done already.
 */
export function planReplay(
  journal: Pick<PreviousJournal, 'lines'>,
  checkpoints: { counters: number; logs: number; replayed: number },
): ReplayPlan {
  const plan: ReplayPlan = { counters: new Map(), logs: [], refunded: [], refunds: [], lastSeq: 0 };
  const countersDone = checkpoints.replayed > 0;
  const open = new Map<string, JournalLine>();
  for (const line of journal.lines) {
    plan.lastSeq = Math.max(plan.lastSeq, line.s);
    for (const op of line.o)
      applyOp(plan, op, !countersDone && line.s > checkpoints.counters, line.s > checkpoints.logs);
    if (line.close) open.delete(line.close);
    if (line.open) open.set(line.open, line);
  }
  if (countersDone) return plan;
  for (const [requestId, line] of open) {
    for (const op of line.o) {
      if (op[0] !== 'i') continue;
      const reserved = reservedColumns[op[1]];
      const delta = reserved ? op[3][reserved.column] : undefined;
      if (reserved && typeof delta === 'number' && Number.isFinite(delta)) {
        const target = change(plan, op[1], op[2]);
        target.deltas.set(reserved.column, (target.deltas.get(reserved.column) ?? 0) - delta);
        // Only balances are held in Redis too; an allowance's spending lives in this database alone.
        if (reserved.isBalance)
          plan.refunds.push({ table: op[1] as BalanceRefund['table'], id: op[2], amount: -delta });
      }
    }
    plan.refunded.push(requestId);
  }
  return plan;
}

async function writeCounters(transaction: Transaction<Database>, plan: ReplayPlan): Promise<void> {
  for (const [key, row] of plan.counters) {
    const [table, idText] = key.split(':') as [string, string];
    const update: Record<string, unknown> = {};
    for (const [column, delta] of row.deltas)
      if (delta !== 0) update[column] = sql`${sql.ref(column)} + ${delta}`;
    for (const [column, value] of row.assignments) update[column] = value;
    if (Object.keys(update).length === 0) continue;
    await transaction
      .updateTable(table as 'users')
      .set(update as never)
      .where('id', '=', Number(idText))
      .execute();
  }
}

export interface ReplayReport {
  counterRows: number;
  logRows: number;
  refunded: number;
  /**
   * The refunds written by this replay. Balances shared through Redis took those reservations too and
   * never saw them settled, so they are given back there as well (server/src/main.ts).
   */
  refunds: BalanceRefund[];
}

/** Applies what a previous process's journal still holds. Idempotent: safe to repeat after a crash. */
export async function replayJournal(
  previous: PreviousJournal,
  main: DatabaseHandle,
  logDatabase: DatabaseHandle,
): Promise<ReplayReport> {
  const mainPoints = await readCheckpoints(main.db, previous.id);
  const logPoints = logDatabase === main ? mainPoints : await readCheckpoints(logDatabase.db, previous.id);
  const plan = planReplay(previous, {
    counters: mainPoints.counters,
    logs: logPoints.logs,
    replayed: mainPoints.replayed,
  });
  if (plan.logs.length > 0) {
    await logDatabase.db.transaction().execute(async (transaction) => {
      for (let start = 0; start < plan.logs.length; start += 200)
        await transaction
          .insertInto('logs')
          .values(plan.logs.slice(start, start + 200))
          .execute();
      await writeCheckpoint(transaction, previous.id, 'logs', plan.lastSeq);
    });
  }
  const replayedNow = mainPoints.replayed === 0;
  if (replayedNow) {
    await main.db.transaction().execute(async (transaction) => {
      await writeCounters(transaction, plan);
      await writeCheckpoint(transaction, previous.id, 'replayed', plan.lastSeq + 1);
    });
  }
  return {
    counterRows: plan.counters.size,
    logRows: plan.logs.length,
    refunded: plan.refunded.length,
    refunds: replayedNow ? plan.refunds : [],
  };
}

/** Drops the checkpoints of a journal once its file has been replaced by a new one. */
export async function forgetJournal(
  journalId: string,
  main: DatabaseHandle,
  logDatabase: DatabaseHandle,
): Promise<void> {
  await deleteCheckpoints(main.db, journalId);
  if (logDatabase !== main) await deleteCheckpoints(logDatabase.db, journalId);
}
