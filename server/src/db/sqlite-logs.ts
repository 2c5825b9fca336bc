/**
 * Log rows into SQLite through one prepared statement, reused for every row of every flush (the batch
 * writer's path for the embedded database, server/src/db/batch-writer.ts). A multi-row INSERT built by
 * the query builder is compiled and parsed again for every chunk — for a 200-row chunk that is a
 * statement of 3600 parameters — and costs about three times as much per row as running one prepared
 * single-row statement in a transaction, its values bound by position (log-row.ts logRowValues). The
 * rows and the journal checkpoint that covers them are written in one transaction, as on the other
 * databases.
 */
import type Sqlite from 'better-sqlite3';
import { CHECKPOINT_TABLE } from './ledger-checkpoints.ts';
import { LOG_ROW_COLUMNS, type LogRow, logRowValues } from './log-row.ts';

export interface LogCheckpoint {
  journalId: string;
  seq: number;
}

export type SqliteLogWrite = (rows: readonly LogRow[], checkpoint: LogCheckpoint | null) => void;

const writers = new WeakMap<Sqlite.Database, SqliteLogWrite>();

function prepareWriter(database: Sqlite.Database): SqliteLogWrite {
  const insertOf = (columns: readonly string[]) =>
    database.prepare(
      `INSERT INTO "logs" (${columns.map((column) => `"${column}"`).join(', ')}) VALUES (${columns.map(() => '?').join(', ')})`,
    );
  const insert = insertOf(LOG_ROW_COLUMNS);
  // A row that names its id (restored rows, tests) keeps it.
  const insertWithId = insertOf(['id', ...LOG_ROW_COLUMNS]);
  const clearCheckpoint = database.prepare(
    `DELETE FROM "${CHECKPOINT_TABLE}" WHERE "journal_id" = ? AND "part" = 'logs'`,
  );
  const setCheckpoint = database.prepare(
    `INSERT INTO "${CHECKPOINT_TABLE}" ("journal_id", "part", "seq") VALUES (?, 'logs', ?)`,
  );
  return database.transaction((rows: readonly LogRow[], checkpoint: LogCheckpoint | null) => {
    for (const row of rows) {
      if (row.id === undefined) insert.run(logRowValues(row));
      else insertWithId.run([row.id, ...logRowValues(row)]);
    }
    if (checkpoint) {
      clearCheckpoint.run(checkpoint.journalId);
      setCheckpoint.run(checkpoint.journalId, checkpoint.seq);
    }
  });
}

/**
 * Writes complete log rows (and the checkpoint) in one transaction. Synchronous: the caller holds the
 * query builder's connection so that no other transaction is open on it meanwhile.
 */
export function writeSqliteLogs(
  database: Sqlite.Database,
  rows: readonly LogRow[],
  checkpoint: LogCheckpoint | null,
): void {
  let write = writers.get(database);
  if (!write) {
    write = prepareWriter(database);
    writers.set(database, write);
  }
  write(rows, checkpoint);
}
