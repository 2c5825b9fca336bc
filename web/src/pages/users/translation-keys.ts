/**
 * Checks used by the translation tests: every key a screen uses exists in both languages, and both
 * languages hold the same keys.
 */
type Messages = { [key: string]: string | Messages };

/** All dotted keys of a nested message object, e.g. `users.add.title`. */
export function flattenKeys(messages: Messages, prefix = ''): string[] {
  return Object.entries(messages).flatMap(([key, value]) => {
    const path = prefix ? `${prefix}.${key}` : key;
    return typeof value === 'string' ? [path] : flattenKeys(value, path);
  });
}

/** Quoted literals in source text that look like keys of the given top-level area. */
export function keysUsedInSource(source: string, area: string): string[] {
  const pattern = new RegExp(`['"\`](${area}\\.[A-Za-z0-9_.]+[A-Za-z0-9_])['"\`]`, 'g');
  return [...source.matchAll(pattern)].map((match) => match[1] ?? '');
}
