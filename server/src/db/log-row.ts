/**
 * A consumption or system log row as the batch writer (batch-writer.ts) queues it: every column filled in
 * (`completeLogRow`), and the same row as positional values in the order of LOG_ROW_COLUMNS, which the
 * SQLite writer binds (sqlite-logs.ts) and the ledger journal records (ledger-journal-format.ts: the
 * column names once in the file's header instead of in every line).
 */
import type { Insertable } from 'kysely';
import type { Database } from './schema.ts';

export type LogRow = Insertable<Database['logs']>;

/** The columns of a complete log row, in the order of its positional values. */
export const LOG_ROW_COLUMNS = [
  'user_id',
  'created_at',
  'type',
  'content',
  'username',
  'token_name',
  'model_name',
  'quota',
  'prompt_tokens',
  'completion_tokens',
  'use_time',
  'is_stream',
  'channel_id',
  'token_id',
  'group',
  'ip',
  'other',
] as const;

/**
 * Every column of a log row, defaults filled in: rows of one multi-row INSERT must name the same columns,
 * and SQLite has no DEFAULT inside VALUES. Columns it does not know are left out.
 */
export function completeLogRow(row: LogRow): LogRow {
  const complete: LogRow = {
    user_id: row.user_id ?? 0,
    created_at: row.created_at ?? Math.floor(Date.now() / 1000),
    type: row.type ?? 0,
    content: row.content ?? null,
    username: row.username ?? '',
    token_name: row.token_name ?? '',
    model_name: row.model_name ?? '',
    quota: row.quota ?? 0,
    prompt_tokens: row.prompt_tokens ?? 0,
    completion_tokens: row.completion_tokens ?? 0,
    use_time: row.use_time ?? 0,
    is_stream: row.is_stream ?? 0,
    channel_id: row.channel_id ?? 0,
    token_id: row.token_id ?? 0,
    group: row.group ?? '',
    ip: row.ip ?? '',
    other: row.other ?? null,
  };
  // Only rows restored with their original id (and tests) name one.
  if (row.id !== undefined) complete.id = row.id;
  return complete;
}

/**
 * The values of a complete row in LOG_ROW_COLUMNS order (without its id): better-sqlite3 binds an object
 * by looking every named parameter up on it, which costs about a fifth more per row than positional
 * arguments, and a journal line without the column names is about a fifth shorter. The order is checked
 * against LOG_ROW_COLUMNS by server/src/db/sqlite-logs.test.ts.
 */
export function logRowValues(row: LogRow): unknown[] {
  return [
    row.user_id,
    row.created_at,
    row.type,
    row.content,
    row.username,
    row.token_name,
    row.model_name,
    row.quota,
    row.prompt_tokens,
    row.completion_tokens,
    row.use_time,
    row.is_stream,
    row.channel_id,
    row.token_id,
    row.group,
    row.ip,
    row.other,
  ];
}

/**
 * The row that positional `values` stand for, `columns` naming each position (a journal's header names
 * them as the process that wrote it knew them); then completed, so a column unknown here is dropped and
 * one it lacks gets its default.
 */
export function logRowFromValues(columns: readonly string[], values: readonly unknown[]): LogRow {
  const row: Record<string, unknown> = Object.create(null);
  for (let index = 0; index < columns.length; index += 1) row[columns[index] as string] = values[index];
  return completeLogRow(row as LogRow);
}
