/**
 * A portable "contains" filter: LIKE with an explicit `ESCAPE '!'`, which SQLite, PostgreSQL and MySQL
 * read the same way (backslash escapes differ between them), so % and _ in user input match literally.
 */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';
import type { DatabaseDialect } from './dsn.ts';

export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (character) => `!${character}`);
}

export function containsText(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(text)}%`} escape '!'`;
}

export function startsWithText(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${`${escapeLike(text)}%`} escape '!'`;
}

/**
 * The console's keyword search: the row whose id is the keyword (when it is a whole number) or any row
 * with the keyword inside one of `columns`.
 */
export function idOrContains(keyword: string, columns: readonly string[]): Expression<SqlBool> {
  const id = /^\d+$/.test(keyword) ? Number(keyword) : null;
  const matches: Expression<SqlBool>[] = columns.map((column) => containsText(column, keyword));
  if (id !== null && Number.isSafeInteger(id)) matches.unshift(sql<SqlBool>`${sql.ref('id')} = ${id}`);
  return sql<SqlBool>`(${sql.join(matches, sql` or `)})`;
}

/**
 * containsText over a JSON column: new-api's `json` columns take no LIKE on PostgreSQL until cast to text
 * (MySQL and SQLite compare their text as it is).
 */
export function jsonContainsText(
  column: string,
  text: string,
  dialect: DatabaseDialect,
): RawBuilder<SqlBool> {
  if (dialect !== 'postgres') return containsText(column, text);
  return sql<SqlBool>`cast(${sql.ref(column)} as text) like ${`%${escapeLike(text)}%`} escape '!'`;
}
