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

export interface AreaTranslationProblems {
  /** Keys one language has and the other lacks. */
  missingInEn: string[];
  missingInZh: string[];
  /** Keys of the area's files that are not under `<area>.`. */
  outsideArea: string[];
  /** Keys the source uses that the area does not define. */
  undefinedKeys: string[];
  /** Keys the area defines that the source never uses. */
  unusedKeys: string[];
}

/** Everything wrong with one area's parts files against the source that uses them (all empty when right). */
export function areaTranslationProblems(
  area: string,
  zh: Messages,
  en: Messages,
  source: string,
): AreaTranslationProblems {
  const zhKeys = flattenKeys(zh);
  const enKeys = flattenKeys(en);
  const used = new Set(keysUsedInSource(source, area));
  return {
    missingInEn: zhKeys.filter((key) => !enKeys.includes(key)),
    missingInZh: enKeys.filter((key) => !zhKeys.includes(key)),
    outsideArea: zhKeys.filter((key) => !key.startsWith(`${area}.`)),
    undefinedKeys: [...used].filter((key) => !zhKeys.includes(key)),
    unusedKeys: zhKeys.filter((key) => !used.has(key)),
  };
}
