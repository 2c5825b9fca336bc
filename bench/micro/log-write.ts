/**
 * Micro-benchmark of the per-call write work behind a relay call (bench/README.md, "Where Switchyard's
 * extra CPU goes", items 2 and 3): CPU per call, in µs, of
 *
 * - `row`: settling a call as server/src/relay/billing/ledger.ts applySettlement does it (the balance
 *   change, counters and the consumption log row with its `other`), into a writer that keeps nothing;
 * - `journal`: the ledger journal lines of one call (its reservation and its settlement, as `row` makes
 *   them) appended to a real journal file (server/src/db/ledger-journal.ts), written once per simulated
 *   turn of the event loop, checkpointed every 1000 calls;
 * - `sqlite`: the call's log row written to a migrated SQLite database (server/src/db/sqlite-logs.ts), 1000
 *   rows per transaction with the journal checkpoint, as the batch writer flushes them;
 * - `all`: everything together through the real batch writer (server/src/db/batch-writer.ts).
 *
 * CPU is the process's user + system time (process.cpuUsage), so write(2) and the garbage collector count.
 * Each part runs in interleaved rounds; the least and the median round are reported (on a busy machine the
 * least is the steadier figure). Run:
 *
 *   node --import tsx bench/micro/log-write.ts [calls per round, default 20000] [rounds, default 5]
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AppContext } from '../../server/src/context.ts';
import { BatchWriter } from '../../server/src/db/batch-writer.ts';
import { connectDatabase, type DatabaseHandle } from '../../server/src/db/connect.ts';
import { type JournalOp, LedgerJournal } from '../../server/src/db/ledger-journal.ts';
import { runMigrations } from '../../server/src/db/migrations/index.ts';
import { writeSqliteLogs } from '../../server/src/db/sqlite-logs.ts';
import { applySettlement, type CallRecord } from '../../server/src/relay/billing/ledger.ts';
import type { GroupPricing, ModelPricing } from '../../server/src/relay/billing/pricing.ts';
import type { RelayCaller } from '../../server/src/relay/http/auth.ts';

const callsPerRound = Number(process.argv[2] ?? 20_000);
const rounds = Number(process.argv[3] ?? 5);
/** Calls settled per simulated turn of the event loop (64 connections under wrk settle several). */
const CALLS_PER_TURN = 8;
const ROWS_PER_FLUSH = 1000;

type Writer = Pick<BatchWriter, 'group' | 'increment' | 'assign' | 'appendLog'>;

const pricing: ModelPricing = Object.freeze({
  kind: 'per_token',
  matchedModel: 'gpt-4o-mini',
  modelRatio: 0.075,
  completionRatio: 4,
  cacheRatio: 0.5,
  cacheCreationRatio: 1.25,
  audioRatio: 1,
  audioCompletionRatio: 1,
});
const group: GroupPricing = Object.freeze({ groupRatio: 1, usingGroupRatio: 1, userGroupRatio: null });

/** A stand-in of the app context with what applySettlement touches; balances go to `writer`. */
function contextWith(writer: Writer): AppContext {
  const context = {
    writer,
    accounts: {
      changeBalance(userId: number, tokenId: number | null, delta: number) {
        writer.increment('users', userId, { quota: delta });
        if (tokenId !== null) writer.increment('tokens', tokenId, { remain_quota: delta });
      },
      setTokenStatus() {},
    },
    quotaWarnings: { check() {} },
    quotaData: { record() {} },
    options: {
      getBoolean: () => true,
      getNumber: () => 500_000,
    },
  };
  return context as unknown as AppContext;
}

const caller = {
  user: { id: 1, username: 'bench-user', quota: 1e12 },
  token: { id: 1, unlimited: true, remainQuota: 0, status: 1 },
  tokenName: 'bench-key',
  usingGroup: 'default',
  clientIp: '127.0.0.1',
} as unknown as RelayCaller;

function callRecord(index: number): CallRecord {
  return {
    caller,
    requestId: `2026112713000000${String(index).padStart(8, '0')}abcdef`,
    model: 'gpt-4o-mini',
    upstreamModel: 'gpt-4o-mini',
    channelId: 1,
    channelName: 'bench',
    triedChannels: [1],
    pricing,
    group,
    settlement: {
      finalQuota: 12,
      delta: -88,
      usage: { promptTokens: 5, completionTokens: 4 },
      rule: 'completed: upstream usage',
    },
    isStream: false,
    useTime: 0,
    firstResponseMs: null,
    extra: { client_type: 'wrk', request_format: 'openai' },
  };
}

/** One call: its reservation line and its settlement line, as the relay makes them. */
function settleOne(context: AppContext, writer: Writer, index: number): void {
  const record = callRecord(index);
  writer.group({ open: record.requestId }, () => context.accounts.changeBalance(1, 1, -100));
  applySettlement(context, record);
}

/** A writer that hands each group's writes to `onGroup` and keeps nothing else. */
function recordingWriter(onGroup: (ops: JournalOp[], meta: { open?: string; close?: string }) => void) {
  let ops: JournalOp[] = [];
  const writer: Writer = {
    group(meta, record) {
      ops = [];
      record();
      onGroup(ops, meta);
    },
    increment(table, id, deltas) {
      ops.push(['i', table, id, deltas as Record<string, number>]);
    },
    assign(table, id, values) {
      ops.push(['a', table, id, values as Record<string, number>]);
    },
    appendLog(row) {
      ops.push(['l', row as Record<string, unknown>]);
    },
  };
  return writer;
}

function cpuMicros(work: () => void): number {
  const before = process.cpuUsage();
  work();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

async function cpuMicrosAsync(work: () => Promise<void>): Promise<number> {
  const before = process.cpuUsage();
  await work();
  const used = process.cpuUsage(before);
  return used.user + used.system;
}

const directory = mkdtempSync(join(tmpdir(), 'switchyard-log-write-'));

async function migratedSqlite(name: string): Promise<DatabaseHandle> {
  const handle = connectDatabase({ dialect: 'sqlite', path: join(directory, name) });
  await runMigrations(handle);
  return handle;
}

// The part `journal` appends the lines the batch writer journals for `row`'s calls, captured once; the
// part `sqlite` writes the rows it queues.
const captured: { ops: JournalOp[]; meta: { open?: string; close?: string } }[] = [];
let capturedRows: Parameters<BatchWriter['appendLog']>[0][] = [];
{
  const capture = {
    append: (ops: JournalOp[], meta: { open?: string; close?: string } = {}) => captured.push({ ops, meta }),
    writePending: () => undefined,
  } as unknown as LedgerJournal;
  const handle = { db: null } as unknown as DatabaseHandle;
  const writer = new BatchWriter(handle, handle, { intervalMs: 3_600_000, journal: capture });
  const context = contextWith(writer);
  for (let index = 0; index < 2 * CALLS_PER_TURN; index += 1) settleOne(context, writer, index);
  // The rows as queued (every column filled in), which is what a flush writes.
  capturedRows = (writer as unknown as { logs: typeof capturedRows }).logs;
}

const parts: Record<string, () => Promise<number>> = {
  async row() {
    const writer = recordingWriter(() => undefined);
    const context = contextWith(writer);
    return cpuMicros(() => {
      for (let index = 0; index < callsPerRound; index += 1) settleOne(context, writer, index);
    });
  },
  async journal() {
    const path = join(directory, 'journal');
    LedgerJournal.acquire(path);
    const journal = new LedgerJournal(path);
    const micros = cpuMicros(() => {
      for (let index = 0; index < callsPerRound; index += 1) {
        for (let line = 0; line < 2; line += 1) {
          const { ops, meta } = captured[(2 * index + line) % captured.length]!;
          journal.append(ops, meta);
        }
        if (index % CALLS_PER_TURN === CALLS_PER_TURN - 1) journal.writePending();
        if (index % ROWS_PER_FLUSH === ROWS_PER_FLUSH - 1) {
          journal.checkpoint('counters', journal.lastSeq);
          journal.checkpoint('logs', journal.lastSeq);
        }
      }
      journal.writePending();
    });
    journal.close(true);
    return micros;
  },
  async sqlite() {
    const handle = await migratedSqlite(`sqlite-${Date.now()}.db`);
    const sqlite = handle.sqlite!;
    const batch = Array.from(
      { length: ROWS_PER_FLUSH },
      (_, index) => capturedRows[index % capturedRows.length]!,
    );
    let seq = 0;
    const micros = cpuMicros(() => {
      for (let written = 0; written < callsPerRound; written += ROWS_PER_FLUSH) {
        seq += ROWS_PER_FLUSH;
        writeSqliteLogs(sqlite, batch, { journalId: 'bench', seq });
      }
    });
    await handle.close();
    return micros;
  },
  async all() {
    const handle = await migratedSqlite(`all-${Date.now()}.db`);
    const path = join(directory, 'journal-all');
    LedgerJournal.acquire(path);
    const journal = new LedgerJournal(path);
    const writer = new BatchWriter(handle, handle, { intervalMs: 3_600_000, maxPendingLogs: 1e9, journal });
    const context = contextWith(writer);
    const micros = await cpuMicrosAsync(async () => {
      for (let index = 0; index < callsPerRound; index += 1) {
        settleOne(context, writer, index);
        if (index % CALLS_PER_TURN === CALLS_PER_TURN - 1) writer.writeJournal();
        if (index % ROWS_PER_FLUSH === ROWS_PER_FLUSH - 1) await writer.flush();
      }
      await writer.flush();
    });
    journal.close(true);
    await handle.close();
    return micros;
  },
};

const only = process.env.PARTS?.split(',');
const chosen = Object.keys(parts).filter((name) => !only || only.includes(name));
const results = new Map<string, number[]>(chosen.map((name) => [name, []]));
try {
  // One warm-up round, not counted.
  for (const name of chosen) await parts[name]!();
  for (let round = 0; round < rounds; round += 1) {
    for (const name of chosen) results.get(name)!.push((await parts[name]!()) / callsPerRound);
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}
const sorted = (values: number[]) => [...values].sort((left, right) => left - right);
const median = (values: number[]) => sorted(values)[Math.floor(values.length / 2)] as number;
console.log(
  `${callsPerRound} calls per round, ${rounds} rounds; CPU µs per call: least and median round (all rounds)`,
);
for (const [name, values] of results)
  console.log(
    `${name.padEnd(8)} ${(sorted(values)[0] as number).toFixed(2).padStart(7)} ${median(values).toFixed(2).padStart(7)}   ${values.map((value) => value.toFixed(2)).join(' ')}`,
  );
