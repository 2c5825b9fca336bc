/**
 * Checkpoints of the ledger journal (ledger-journal.ts): per journal, the highest sequence number whose
 * counter writes the main database holds and whose log rows the log database holds. Each is written in
 * the same transaction as the writes it covers, so "written" and "recorded as written" never disagree.
 * The part `replayed` marks a journal whose leftovers a boot has already applied (and refunded).
 */
import type { Kysely, Transaction } from 'kysely';
import type { Database } from './schema.ts';

export type CheckpointPart = 'counters' | 'logs' | 'replayed';

export const CHECKPOINT_TABLE = 'switchyard_ledger_checkpoints';

type CheckpointTables = {
  switchyard_ledger_checkpoints: { journal_id: string; part: string; seq: number };
};

type Executor = Kysely<Database> | Transaction<Database>;

// biome-ignore lint/suspicious/noExplicitAny: DDL runs on the untyped schema, like every migration.
export async function createCheckpointTable(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable(CHECKPOINT_TABLE)
    .ifNotExists()
    .addColumn('journal_id', 'varchar(64)', (column) => column.notNull())
    .addColumn('part', 'varchar(16)', (column) => column.notNull())
    .addColumn('seq', 'bigint', (column) => column.notNull())
    .addPrimaryKeyConstraint(`${CHECKPOINT_TABLE}_pk`, ['journal_id', 'part'])
    .execute();
}

/** Sets a checkpoint (inside the caller's transaction). */
export async function writeCheckpoint(
  executor: Executor,
  journalId: string,
  part: CheckpointPart,
  seq: number,
): Promise<void> {
  const db = executor.withTables<CheckpointTables>();
  await db
    .deleteFrom(CHECKPOINT_TABLE)
    .where('journal_id', '=', journalId)
    .where('part', '=', part)
    .execute();
  await db.insertInto(CHECKPOINT_TABLE).values({ journal_id: journalId, part, seq }).execute();
}

/** The checkpoints of one journal in one database (absent parts are 0). */
export async function readCheckpoints(
  executor: Executor,
  journalId: string,
): Promise<Record<CheckpointPart, number>> {
  const rows = await executor
    .withTables<CheckpointTables>()
    .selectFrom(CHECKPOINT_TABLE)
    .select(['part', 'seq'])
    .where('journal_id', '=', journalId)
    .execute();
  const result: Record<CheckpointPart, number> = { counters: 0, logs: 0, replayed: 0 };
  for (const row of rows) {
    if (row.part === 'counters' || row.part === 'logs' || row.part === 'replayed')
      result[row.part] = Number(row.seq);
  }
  return result;
}

/** Forgets a journal whose file has been replaced. */
export async function deleteCheckpoints(executor: Executor, journalId: string): Promise<void> {
  await executor
    .withTables<CheckpointTables>()
    .deleteFrom(CHECKPOINT_TABLE)
    .where('journal_id', '=', journalId)
    .execute();
}
