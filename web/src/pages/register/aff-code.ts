/** localStorage key of the invite code read from `/register?aff=` (docs/reference/console-screens.md "Register reads an optional aff"). */
export const AFF_STORAGE_KEY = 'aff';

/** Remembers an invite code from the address; returns the code to send with the registration. */
export function rememberAffCode(fromQuery: string | null): string {
  const code = fromQuery?.trim();
  if (code) localStorage.setItem(AFF_STORAGE_KEY, code);
  return localStorage.getItem(AFF_STORAGE_KEY) ?? '';
}
