/**
 * Zhipu's API token: the key `id.secret` signs a JWT (HS256, header `sign_type: SIGN`, by `jose`) whose
 * claims are the id and millisecond `timestamp` and `exp`. Tokens are kept per key and made again an hour
 * before they expire, or at once after Zhipu refused one (docs/providers.md).
 */
import { SignJWT } from 'jose';

const LIFETIME_MS = 24 * 60 * 60_000;
const REFRESH_MARGIN_MS = 60 * 60_000;
const MAX_CACHED = 1_000;

/** The two halves of an `id.secret` key, or null when it is not one. */
export function zhipuCredentials(key: string): { id: string; secret: string } | null {
  const text = key.trim();
  const dot = text.indexOf('.');
  if (dot <= 0 || dot === text.length - 1 || text.indexOf('.', dot + 1) !== -1) return null;
  return { id: text.slice(0, dot), secret: text.slice(dot + 1) };
}

/** A token for the id, signed with the secret, valid for a day from `nowMs`. */
export function signZhipuToken(id: string, secret: string, nowMs: number): Promise<string> {
  // Zhipu reads `exp` and `timestamp` in milliseconds, so they are claims of their own, not jose's seconds.
  return new SignJWT({ api_key: id, exp: nowMs + LIFETIME_MS, timestamp: nowMs })
    .setProtectedHeader({ alg: 'HS256', sign_type: 'SIGN' })
    .sign(new TextEncoder().encode(secret));
}

const cache = new Map<string, { token: string; renewAt: number }>();

/** A valid token for the key (signed locally: no exchange), or null when the key is not `id.secret`. */
export async function zhipuToken(key: string, nowMs = Date.now()): Promise<string | null> {
  const cached = cache.get(key);
  if (cached && cached.renewAt > nowMs) return cached.token;
  const credentials = zhipuCredentials(key);
  if (!credentials) return null;
  const token = await signZhipuToken(credentials.id, credentials.secret, nowMs);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, { token, renewAt: nowMs + LIFETIME_MS - REFRESH_MARGIN_MS });
  return token;
}

/** Drops the token kept for a key (Zhipu refused it): the next call signs a new one. */
export function forgetZhipuToken(key: string): void {
  cache.delete(key);
}
