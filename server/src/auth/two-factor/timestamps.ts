/**
 * Timestamp values of the security tables, written as new-api's GORM writes them (as ../../db/soft-delete.ts
 * does for `deleted_at`): a Date where the driver maps it, GORM's text form on SQLite; read back as Dates.
 */
export function sqlTimestamp(dialect: string, date: Date): Date | string {
  return dialect === 'sqlite' ? date.toISOString().replace('T', ' ').replace('Z', '+00:00') : date;
}

/** A stored timestamp as a Date, or null (empty, zero or unreadable). */
export function readTimestamp(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) || date.getTime() <= 0 ? null : date;
}

/** A stored boolean (true/false, 0/1, '0'/'1') as a boolean. */
export const storedFlag = (value: unknown): boolean => value === true || Number(value) === 1;
