/** Keys made of `|`-separated parts (Baidu `APIKey|SecretKey`, Tencent, iFlytek, AWS): split and checked. */

/** The `count` trimmed, non-empty parts of `key`, or null when it has another shape. */
export function keyParts(key: string, count: number): string[] | null {
  const parts = key.split('|').map((part) => part.trim());
  if (parts.length !== count || parts.some((part) => part === '')) return null;
  return parts;
}
