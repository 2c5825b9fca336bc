/**
 * Row loaders of the audited-route table (./routes-table.ts): they read the target's row from the main
 * database before or after a console change (the console API, never the relay path). Whatever they read is
 * masked by ./diff.ts before it is stored.
 */
import type { AppContext } from '../context.ts';
import type { Database } from '../db/schema.ts';
import type { State } from './diff.ts';
import type { AuditInput, SnapshotLoader, TargetSnapshot } from './route-types.ts';

/** A positive whole number from a request field, or undefined. */
export function idOf(value: unknown): number | undefined {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
}

export function textOf(value: unknown, limit = 191): string | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  const text = String(value).trim();
  return text === '' ? undefined : text.slice(0, limit);
}

type AuditedTable =
  | 'channels'
  | 'users'
  | 'redemptions'
  | 'top_ups'
  | 'models'
  | 'vendors'
  | 'subscription_plans'
  | 'user_subscriptions';

/** Columns never kept, not even masked (they say nothing an auditor needs and may be large). */
const DROPPED_COLUMNS = new Set(['deleted_at']);

function stateOf(row: Record<string, unknown>): State {
  const state: State = {};
  for (const [column, value] of Object.entries(row)) {
    if (DROPPED_COLUMNS.has(column)) continue;
    state[column] = typeof value === 'bigint' ? Number(value) : value;
  }
  return state;
}

function nameOf(table: AuditedTable, row: Record<string, unknown>): string {
  const field =
    table === 'users'
      ? 'username'
      : table === 'top_ups'
        ? 'trade_no'
        : table === 'models'
          ? 'model_name'
          : table === 'subscription_plans'
            ? 'title'
            : table === 'user_subscriptions'
              ? 'user_id'
              : 'name';
  return String(row[field] ?? '');
}

/** The row of `table` whose `column` equals what `pick` reads from the request, or null. */
export function rowLoader(
  table: AuditedTable,
  pick: (input: AuditInput) => string | number | undefined,
  column: 'id' | 'trade_no' = 'id',
): SnapshotLoader {
  return async (context: AppContext, input: AuditInput): Promise<TargetSnapshot | null> => {
    const value = pick(input);
    if (value === undefined) return null;
    const row = (await context.database.db
      .selectFrom(table as keyof Database)
      .selectAll()
      .where(column as never, '=', value as never)
      .executeTakeFirst()) as Record<string, unknown> | undefined;
    if (!row) return null;
    return {
      id: table === 'top_ups' ? String(row.trade_no ?? value) : Number(row.id),
      name: nameOf(table, row),
      ...(table === 'users' ? { role: Number(row.role ?? 0) } : {}),
      state: stateOf(row),
    };
  };
}

/** Several rows of `table` by id, kept as `{ "<id>": row }` (batch operations, creates of several). */
export function rowsLoader(table: 'channels', pick: (input: AuditInput) => unknown): SnapshotLoader {
  return async (context, input) => {
    const raw = pick(input);
    const ids = (Array.isArray(raw) ? raw : []).map(idOf).filter((id): id is number => id !== undefined);
    if (ids.length === 0) return null;
    const rows = await context.database.db
      .selectFrom(table)
      .selectAll()
      .where('id', 'in', ids.slice(0, 100))
      .execute();
    const state: State = {};
    for (const row of rows) state[String(row.id)] = stateOf(row as Record<string, unknown>);
    return {
      id: ids.length === 1 ? ids[0] : ids.join(','),
      name: rows.length === 1 ? String(rows[0]!.name) : '',
      state,
    };
  };
}

/** The user a username names (sign-ins): its id and role, no state. */
export async function userByName(
  context: AppContext,
  username: string,
): Promise<{ id: number; username: string; role: number } | null> {
  const row = await context.database.db
    .selectFrom('users')
    .select(['id', 'username', 'role'])
    .where('username', '=', username)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row ? { id: row.id, username: row.username, role: row.role } : null;
}

export async function userById(
  context: AppContext,
  id: number,
): Promise<{ id: number; username: string; role: number } | null> {
  const row = await context.database.db
    .selectFrom('users')
    .select(['id', 'username', 'role'])
    .where('id', '=', id)
    .executeTakeFirst();
  return row ? { id: row.id, username: row.username, role: row.role } : null;
}

/** The request body itself as the state (creates whose reply says little), secrets masked later. */
export const bodyState: SnapshotLoader = async (_context, input) => ({ state: { ...input.body } });
