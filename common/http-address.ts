/**
 * The rule of every address option (ServerAddress, PayAddress, WorkerUrl, the OIDC endpoints, …), shared
 * by the server's option validation (server/src/options/validate.ts) and the console's settings forms
 * (web/src/pages/settings/setting-rules.ts), so that both refuse the same text.
 */

/** The address as it is stored: trimmed, without trailing slashes. */
export function normalizeHttpAddress(text: string): string {
  return text.trim().replace(/\/+$/, '');
}

/** True for an absolute http:// or https:// URL (after normalizeHttpAddress); false for anything else. */
export function isHttpAddress(text: string): boolean {
  const address = normalizeHttpAddress(text);
  if (address === '') return false;
  try {
    const parsed = new URL(address);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:';
  } catch {
    return false;
  }
}
