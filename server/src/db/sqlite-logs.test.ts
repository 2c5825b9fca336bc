/**
 * The positional values of a log row (server/src/db/log-row.ts logRowValues) come in the order of the
 * columns the INSERT names, and a row written through the SQLite writer reads back column by column.
 */
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { CHECKPOINT_TABLE } from './ledger-checkpoints.ts';
import { completeLogRow, LOG_ROW_COLUMNS, logRowValues } from './log-row.ts';
import { writeSqliteLogs } from './sqlite-logs.ts';

/** A row whose every column holds a value no other column holds. */
const DISTINCT_ROW = completeLogRow({
  user_id: 101,
  created_at: 1_700_000_002,
  type: 2,
  content: 'content text',
  username: 'user name',
  token_name: 'token name',
  model_name: 'model name',
  quota: 103,
  prompt_tokens: 104,
  completion_tokens: 105,
  use_time: 106,
  is_stream: 1,
  channel_id: 107,
  token_id: 108,
  group: 'group name',
  ip: '127.0.0.9',
  other: '{"other":true}',
});

describe('SQLite log rows', () => {
  it('binds the values in the order of LOG_ROW_COLUMNS', () => {
    const byName = DISTINCT_ROW as unknown as Record<string, unknown>;
    expect(logRowValues(DISTINCT_ROW)).toEqual(LOG_ROW_COLUMNS.map((column) => byName[column]));
  });

  it('writes rows, with and without an id, and the checkpoint in one call', () => {
    const database = new Sqlite(':memory:');
    database.exec(
      `CREATE TABLE "logs" ("id" integer primary key autoincrement, ${LOG_ROW_COLUMNS.map((column) => `"${column}"`).join(', ')})`,
    );
    database.exec(`CREATE TABLE "${CHECKPOINT_TABLE}" ("journal_id" text, "part" text, "seq" integer)`);
    writeSqliteLogs(database, [DISTINCT_ROW, { ...DISTINCT_ROW, id: 50, quota: 7 }], {
      journalId: 'journal-1',
      seq: 9,
    });
    const rows = database.prepare('SELECT * FROM "logs" ORDER BY "id"').all();
    expect(rows).toEqual([
      { id: 1, ...DISTINCT_ROW },
      { ...DISTINCT_ROW, id: 50, quota: 7 },
    ]);
    expect(database.prepare(`SELECT * FROM "${CHECKPOINT_TABLE}"`).all()).toEqual([
      { journal_id: 'journal-1', part: 'logs', seq: 9 },
    ]);
    database.close();
  });
});
