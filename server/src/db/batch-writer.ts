/**
 * The one writer for high-rate writes (principle 1 of docs/reference/design-principles.md): quota counters and log rows are queued
 * in memory, counter deltas are merged per row, and everything is written in short transactions every
 * interval (or as soon as possible when batching is disabled). A transaction never spans a network call
 * to an upstream. A failed flush re-queues what it took, so nothing is lost and nothing counted twice.
 * With a ledger journal (ledger-journal.ts) every write is appended to it before it is queued, and each
 * flush records in its own transaction the last journal line it covers, so a killed process loses nothing.
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from './connect.ts';
import { writeCheckpoint } from './ledger-checkpoints.ts';
import type { JournalOp, LedgerJournal } from './ledger-journal.ts';
import { completeLogRow, type LogRow, logRowValues } from './log-row.ts';
import { writeSqliteLogs } from './sqlite-logs.ts';

export interface CounterColumns {
  users: 'quota' | 'used_quota' | 'request_count' | 'aff_quota' | 'aff_history';
  tokens: 'remain_quota' | 'used_quota';
  channels: 'used_quota';
  /** What a subscription allowance has spent (server/src/relay/billing/subscription-charge.ts). */
  user_subscription_items: 'amount_used';
}
export type CounterTable = keyof CounterColumns;

/** Columns that may be overwritten with the latest value (e.g. tokens.accessed_time). */
export interface AssignColumns {
  users: never;
  tokens: 'accessed_time' | 'status';
  channels: 'status' | 'response_time' | 'test_time';
  user_subscription_items: never;
}

export interface BatchWriterOptions {
  /** 0 flushes as soon as possible after each write (BATCH_UPDATE_ENABLED=false). */
  intervalMs: number;
  /** Flush early when this many log rows are pending. */
  maxPendingLogs?: number;
  onError?: (error: unknown) => void;
  /** Journal every write before queueing it (survives kill -9); null or absent: memory only. */
  journal?: LedgerJournal | null;
}

/** Called after each flush that wrote something, with its duration (metrics: server/src/metrics/). */
export type FlushObserver = (durationMs: number) => void;

/** What a group of writes means to the journal: it opens or settles a reservation. */
export interface WriteGroup {
  open?: string;
  close?: string;
}

interface RowChanges {
  deltas: Map<string, number>;
  assignments: Map<string, number>;
}

const LOG_INSERT_CHUNK = 200;

export class BatchWriter {
  private counters = new Map<CounterTable, Map<number, RowChanges>>();
  private logs: LogRow[] = [];
  private timer: NodeJS.Timeout | undefined;
  private scheduled = false;
  private inFlight: Promise<void> | undefined;
  private stopped = false;
  private holds = 0;
  /** Ops of the group being recorded (see `group`), journaled as one line when it ends. */
  private groupOps: JournalOp[] | null = null;

  constructor(
    private readonly main: DatabaseHandle,
    private readonly logDatabase: DatabaseHandle,
    private readonly options: BatchWriterOptions,
  ) {}

  start(): void {
    if (this.options.intervalMs > 0 && !this.timer) {
      this.timer = setInterval(() => void this.flush().catch(() => undefined), this.options.intervalMs);
      this.timer.unref();
    }
  }

  /** Stops the timer and writes everything still queued. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    await this.flush();
  }

  /**
   * Runs `record`, whose writes are journaled as one line with `meta`: replayed together or not at all.
   * Groups do not nest.
   */
  group(meta: WriteGroup, record: () => void): void {
    if (!this.options.journal) {
      record();
      return;
    }
    this.groupOps = [];
    try {
      record();
    } finally {
      const ops = this.groupOps;
      this.groupOps = null;
      this.options.journal.append(ops, meta);
    }
  }

  /** Hands the journal lines of this turn to the operating system now (before a client may see an end). */
  writeJournal(): void {
    this.options.journal?.writePending();
  }

  private journal(op: JournalOp): void {
    if (this.groupOps) this.groupOps.push(op);
    else this.options.journal?.append([op]);
  }

  increment<Table extends CounterTable>(
    table: Table,
    id: number,
    deltas: Partial<Record<CounterColumns[Table], number>>,
  ): void {
    if (this.options.journal) this.journal(['i', table, id, deltas as Record<string, number>]);
    const changes = this.rowChanges(table, id).deltas;
    const columns = deltas as Record<string, number | undefined>;
    for (const column in columns) {
      const delta = columns[column];
      if (delta) changes.set(column, (changes.get(column) ?? 0) + delta);
    }
    this.afterWrite();
  }

  assign<Table extends keyof AssignColumns>(
    table: Table & CounterTable,
    id: number,
    values: Partial<Record<AssignColumns[Table], number>>,
  ): void {
    if (this.options.journal) this.journal(['a', table, id, values as Record<string, number>]);
    const changes = this.rowChanges(table, id).assignments;
    const columns = values as Record<string, number | undefined>;
    for (const column in columns) {
      const value = columns[column];
      if (value !== undefined) changes.set(column, value);
    }
    this.afterWrite();
  }

  appendLog(row: LogRow): void {
    const complete = completeLogRow(row);
    // By position (the journal's header names the columns); a row that names its id keeps the named form.
    if (this.options.journal)
      this.journal(
        complete.id === undefined
          ? ['r', logRowValues(complete)]
          : ['l', complete as Record<string, unknown>],
      );
    this.logs.push(complete);
    if (this.logs.length >= (this.options.maxPendingLogs ?? 1000)) void this.flush().catch(() => undefined);
    else this.afterWrite();
  }

  get pendingCount(): number {
    let count = this.logs.length;
    for (const rows of this.counters.values()) count += rows.size;
    return count;
  }

  /**
   * The sum of queued, not yet written deltas of one counter. Inside `exclusive` nothing is in flight,
   * so database value + pendingDelta is the exact current value.
   */
  pendingDelta<Table extends CounterTable>(table: Table, id: number, column: CounterColumns[Table]): number {
    return this.counters.get(table)?.get(id)?.deltas.get(column) ?? 0;
  }

  /**
   * Drops the queued delta of one counter and returns it. Used when the column is about to be set to an
   * absolute value (inside `exclusive`), so queued charges made before the new value do not apply to it.
   */
  discardPending<Table extends CounterTable>(
    table: Table,
    id: number,
    column: CounterColumns[Table],
  ): number {
    const deltas = this.counters.get(table)?.get(id)?.deltas;
    const pending = deltas?.get(column) ?? 0;
    if (this.options.journal) this.journal(['d', table, id, column]);
    deltas?.delete(column);
    return pending;
  }

  /**
   * Runs `work` (typically: read rows and add pendingDelta) while no flush is in flight and none starts.
   * Writes made meanwhile stay queued and are written after.
   */
  async exclusive<T>(work: () => Promise<T>): Promise<T> {
    while (this.inFlight) await this.inFlight.catch(() => undefined);
    this.holds += 1;
    try {
      return await work();
    } finally {
      this.holds -= 1;
    }
  }

  /** Told the duration of every flush that wrote something. */
  onFlushed: FlushObserver | undefined;

  /** Writes everything queued so far. Concurrent callers wait for the same work. */
  async flush(): Promise<void> {
    while (this.inFlight) await this.inFlight;
    if (this.pendingCount === 0) return;
    if (this.holds > 0 && !this.stopped) return;
    const started = performance.now();
    this.inFlight = this.writeOnce().finally(() => {
      this.inFlight = undefined;
    });
    await this.inFlight;
    this.onFlushed?.(performance.now() - started);
  }

  private rowChanges(table: CounterTable, id: number): RowChanges {
    let rows = this.counters.get(table);
    if (!rows) {
      rows = new Map();
      this.counters.set(table, rows);
    }
    let changes = rows.get(id);
    if (!changes) {
      changes = { deltas: new Map(), assignments: new Map() };
      rows.set(id, changes);
    }
    return changes;
  }

  private afterWrite(): void {
    if (this.options.intervalMs > 0 && !this.stopped) return;
    if (this.scheduled) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      void this.flush().catch(() => undefined);
    });
  }

  private async writeOnce(): Promise<void> {
    const counters = this.counters;
    const logs = this.logs;
    this.counters = new Map();
    this.logs = [];
    // Everything journaled so far is in what was just taken (writes are journaled and queued together).
    const journal = this.options.journal ?? null;
    journal?.writePending();
    const upTo = journal?.lastSeq ?? 0;
    try {
      await this.writeCounters(counters, upTo);
    } catch (error) {
      this.requeueCounters(counters);
      this.logs = logs.concat(this.logs);
      this.options.onError?.(error);
      throw error;
    }
    if (journal && counters.size > 0) this.noteCheckpoint(journal, 'counters', upTo);
    try {
      await this.writeLogs(logs, upTo);
    } catch (error) {
      this.logs = logs.concat(this.logs);
      this.options.onError?.(error);
      throw error;
    }
    if (journal && logs.length > 0) this.noteCheckpoint(journal, 'logs', upTo);
  }

  /**
   * Tells the journal what the database now holds. The writes are committed whatever happens here: a
   * failure of the journal's own file work (a rotation on a full disk) is reported, never a reason to
   * queue them again, which would apply them twice. The journal keeps its lines until a later checkpoint.
   */
  private noteCheckpoint(journal: LedgerJournal, part: 'counters' | 'logs', upTo: number): void {
    try {
      journal.checkpoint(part, upTo);
    } catch (error) {
      this.options.onError?.(error);
    }
  }

  private async writeCounters(
    counters: Map<CounterTable, Map<number, RowChanges>>,
    upTo: number,
  ): Promise<void> {
    if (counters.size === 0) return;
    const journalId = this.options.journal?.id;
    await this.main.db.transaction().execute(async (transaction) => {
      for (const [table, rows] of counters) {
        for (const [id, changes] of rows) {
          await transaction
            .updateTable(table)
            .set(() => {
              const update: Record<string, unknown> = {};
              for (const [column, delta] of changes.deltas)
                update[column] = sql`${sql.ref(column)} + ${delta}`;
              for (const [column, value] of changes.assignments) update[column] = value;
              return update as never;
            })
            .where('id' as never, '=', id as never)
            .execute();
        }
      }
      if (journalId) await writeCheckpoint(transaction, journalId, 'counters', upTo);
    });
  }

  /**
   * Writes log rows in chunks. When a chunk fails, its rows are tried one by one: if some succeed the
   * database is fine and the failing rows are bad — they are dropped and reported instead of blocking
   * every later flush; if all fail (database unreachable) the whole batch is kept for the next flush.
   */
  private async writeLogs(logs: LogRow[], upTo: number): Promise<void> {
    if (logs.length === 0) return;
    try {
      await this.insertLogChunks(logs, upTo);
      return;
    } catch (batchError) {
      const failed: LogRow[] = [];
      let lastError: unknown = batchError;
      for (const row of logs) {
        try {
          await this.logDatabase.db.insertInto('logs').values(row).execute();
        } catch (error) {
          failed.push(row);
          lastError = error;
        }
      }
      if (failed.length === logs.length) throw lastError;
      const journalId = this.options.journal?.id;
      if (journalId) await writeCheckpoint(this.logDatabase.db, journalId, 'logs', upTo);
      if (failed.length > 0) {
        this.options.onError?.(
          new Error(`dropped ${failed.length} log row(s) the database refused: ${String(lastError)}`),
        );
      }
    }
  }

  private async insertLogChunks(logs: LogRow[], upTo: number): Promise<void> {
    const journalId = this.options.journal?.id;
    const sqlite = this.logDatabase.sqlite;
    if (sqlite) {
      // Holding the connection keeps every other transaction of the query builder off it meanwhile.
      await this.logDatabase.db
        .connection()
        .execute(async () => writeSqliteLogs(sqlite, logs, journalId ? { journalId, seq: upTo } : null));
      return;
    }
    await this.logDatabase.db.transaction().execute(async (transaction) => {
      for (let start = 0; start < logs.length; start += LOG_INSERT_CHUNK) {
        await transaction
          .insertInto('logs')
          .values(logs.slice(start, start + LOG_INSERT_CHUNK))
          .execute();
      }
      if (journalId) await writeCheckpoint(transaction, journalId, 'logs', upTo);
    });
  }

  private requeueCounters(failed: Map<CounterTable, Map<number, RowChanges>>): void {
    for (const [table, rows] of failed) {
      for (const [id, changes] of rows) {
        const current = this.rowChanges(table, id);
        for (const [column, delta] of changes.deltas)
          current.deltas.set(column, (current.deltas.get(column) ?? 0) + delta);
        // A newer assignment made while the flush was running wins over the failed one.
        for (const [column, value] of changes.assignments) {
          if (!current.assignments.has(column)) current.assignments.set(column, value);
        }
      }
    }
  }
}
