/**
 * A portable "contains" filter: LIKE with an explicit `ESCAPE '!'`, which SQLite, PostgreSQL and MySQL
 * read the same way (backslash escapes differ between them), so % and _ in user input match literally.
 */
import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely';

export function escapeLike(text: string): string {
  return text.replace(/[!%_]/g, (character) => `!${character}`);
}

export function containsText(column: string, text: string): RawBuilder<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${`%${escapeLike(text)}%`} escape '!'`;
}

export function startsWithText(column: string, text: string): Expression<SqlBool> {
  return sql<SqlBool>`${sql.ref(column)} like ${`${escapeLike(text)}%`} escape '!'`;
}
