/**
 * Zhipu's API token: the key `id.secret` signs a JWT (HS256, header `sign_type: SIGN`) whose claims are
 * the id and millisecond `timestamp` and `exp`. Tokens are kept per key and made again an hour before
 * they expire (docs/providers.md).
 */
import { createHmac } from 'node:crypto';

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

function base64Url(value: string | Buffer): string {
  return Buffer.from(value).toString('base64url');
}

export function signZhipuToken(id: string, secret: string, nowMs: number): string {
  const header = base64Url(JSON.stringify({ alg: 'HS256', sign_type: 'SIGN' }));
  const claims = base64Url(JSON.stringify({ api_key: id, exp: nowMs + LIFETIME_MS, timestamp: nowMs }));
  const signature = createHmac('sha256', secret).update(`${header}.${claims}`).digest('base64url');
  return `${header}.${claims}.${signature}`;
}

const cache = new Map<string, { token: string; renewAt: number }>();

/** A valid token for the key (signed locally: no exchange), or null when the key is not `id.secret`. */
export function zhipuToken(key: string, nowMs = Date.now()): string | null {
  const cached = cache.get(key);
  if (cached && cached.renewAt > nowMs) return cached.token;
  const credentials = zhipuCredentials(key);
  if (!credentials) return null;
  const token = signZhipuToken(credentials.id, credentials.secret, nowMs);
  if (cache.size >= MAX_CACHED) cache.clear();
  cache.set(key, { token, renewAt: nowMs + LIFETIME_MS - REFRESH_MARGIN_MS });
  return token;
}
