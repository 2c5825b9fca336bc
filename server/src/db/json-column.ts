/**
 * new-api's JSON columns (tasks.properties / data, midjourneys.buttons / properties, channels.setting /
 * other_info / channel_info, users.setting, …) are `text` on SQLite but `json` / `jsonb` on PostgreSQL and
 * MySQL, where the drivers hand back parsed values (objects, arrays, numbers) instead of strings, and MySQL
 * may hand back a Buffer. Every reader of such a column goes through these two functions, so the code sees
 * the same thing on every database.
 */

/** The column's JSON text, or null when the column is empty (NULL or blank). */
export function jsonColumnText(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value.trim() === '' ? null : value;
  if (Buffer.isBuffer(value)) return jsonColumnText(value.toString('utf8'));
  return JSON.stringify(value);
}

/** The column's parsed value, or undefined when it is empty or not valid JSON. */
export function readJsonColumn(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value === 'string' || Buffer.isBuffer(value)) {
    const text = jsonColumnText(value);
    if (text === null) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return undefined;
    }
  }
  return value;
}

/** The column's JSON object (a copy), or {} when it is empty, not JSON or not an object (users.setting …). */
export function readJsonObjectColumn(value: unknown): Record<string, unknown> {
  const parsed = readJsonColumn(value);
  return parsed !== null && typeof parsed === 'object' && !Array.isArray(parsed)
    ? { ...(parsed as Record<string, unknown>) }
    : {};
}
