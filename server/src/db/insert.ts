/** Inserts a row and returns its generated id on every dialect (RETURNING on PostgreSQL, insertId elsewhere). */
import type { Insertable, Kysely, Transaction } from 'kysely';
import type { DatabaseDialect } from './dsn.ts';
import type { Database } from './schema.ts';

type TablesWithId = {
  [Table in keyof Database]: Database[Table] extends { id: unknown } ? Table : never;
}[keyof Database];

export async function insertReturningId<Table extends TablesWithId>(
  db: Kysely<Database> | Transaction<Database>,
  dialect: DatabaseDialect,
  table: Table,
  values: Insertable<Database[Table]>,
): Promise<number> {
  const query = db.insertInto(table).values(values as never);
  if (dialect === 'postgres') {
    const row = (await query.returning('id' as never).executeTakeFirstOrThrow()) as unknown as { id: number };
    return Number(row.id);
  }
  const result = await query.executeTakeFirstOrThrow();
  return Number(result.insertId);
}
