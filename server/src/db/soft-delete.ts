/**
 * The `deleted_at` value of a soft delete, written as new-api's GORM writes it: a timestamp where the
 * driver maps Dates (PostgreSQL, MySQL), GORM's text form `YYYY-MM-DD HH:MM:SS.sss+00:00` on SQLite — so
 * rows deleted here read the same as rows deleted by new-api, whatever the table.
 */
export function deletedAtNow(dialect: string): Date | string {
  const now = new Date();
  return dialect === 'sqlite' ? now.toISOString().replace('T', ' ').replace('Z', '+00:00') : now;
}
