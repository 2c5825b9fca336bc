/** Recognises constraint violations across the three drivers. */
export function isUniqueViolation(error: unknown): boolean {
  const candidate = error as { code?: string; errno?: number } | null;
  if (!candidate) return false;
  return (
    candidate.code === 'SQLITE_CONSTRAINT_UNIQUE' ||
    candidate.code === 'SQLITE_CONSTRAINT_PRIMARYKEY' ||
    candidate.code === '23505' ||
    candidate.code === 'ER_DUP_ENTRY' ||
    candidate.errno === 1062
  );
}
