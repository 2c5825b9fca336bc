/**
 * Vertex AI credentials: the channel key is a Google service-account JSON key. An access token is
 * obtained by signing a JWT (RS256, by `jose`) with the account's private key and exchanging it at the key's
 * `token_uri` (OAuth 2.0 JWT bearer grant); tokens are cached per key until a minute before they expire,
 * and concurrent calls share one exchange.
 */
import { createHash, createPrivateKey } from 'node:crypto';
import { SignJWT } from 'jose';
import { type ExpiringToken, TokenCache } from '../../../lib/token-cache.ts';
import type { AuthorizeInput } from '../types.ts';

export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
const SCOPE = 'https://www.googleapis.com/auth/cloud-platform';
const TOKEN_LIFETIME_SECONDS = 3600;
const REFRESH_MARGIN_MS = 60_000;

export interface ServiceAccount {
  projectId: string;
  clientEmail: string;
  privateKey: string;
  tokenUri: string;
}

/** The service account of a key, or the reason it is not one (shown when a channel is saved). */
export function readServiceAccount(key: string): ServiceAccount | string {
  let parsed: unknown;
  try {
    parsed = JSON.parse(key);
  } catch {
    return 'the key is not JSON';
  }
  if (typeof parsed !== 'object' || parsed === null) return 'the key is not a JSON object';
  const fields = parsed as Record<string, unknown>;
  const text = (name: string) => (typeof fields[name] === 'string' ? (fields[name] as string).trim() : '');
  const missing = ['project_id', 'client_email', 'private_key'].filter((name) => text(name) === '');
  if (missing.length > 0) return `the key lacks ${missing.join(', ')}`;
  if (!text('private_key').includes('PRIVATE KEY')) return 'private_key is not a PEM private key';
  return {
    projectId: text('project_id'),
    clientEmail: text('client_email'),
    privateKey: text('private_key'),
    tokenUri: text('token_uri') || GOOGLE_TOKEN_URI,
  };
}

/** The signed JWT assertion for the token exchange (RS256 by `jose`, with the account's private key). */
export function signAssertion(account: ServiceAccount, nowSeconds: number): Promise<string> {
  return new SignJWT({ scope: SCOPE })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT' })
    .setIssuer(account.clientEmail)
    .setAudience(account.tokenUri)
    .setIssuedAt(nowSeconds)
    .setExpirationTime(nowSeconds + TOKEN_LIFETIME_SECONDS)
    .sign(createPrivateKey(account.privateKey));
}

const tokens = new TokenCache();

function cacheKey(account: ServiceAccount): string {
  return createHash('sha256')
    .update(`${account.clientEmail}\n${account.privateKey}\n${account.tokenUri}`)
    .digest('hex');
}

async function exchange(account: ServiceAccount, input: AuthorizeInput): Promise<ExpiringToken> {
  const form = new URLSearchParams({
    grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
    assertion: await signAssertion(account, Math.floor(Date.now() / 1000)),
  });
  const reply = (await input.upstream.requestJson(
    {
      url: account.tokenUri,
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    },
    15_000,
    input.proxyUrl,
  )) as { access_token?: unknown; expires_in?: unknown };
  if (typeof reply?.access_token !== 'string' || reply.access_token === '')
    throw new Error('the token endpoint answered without an access_token');
  const lifetime = typeof reply.expires_in === 'number' && reply.expires_in > 0 ? reply.expires_in : 3600;
  return { token: reply.access_token, expiresAt: Date.now() + lifetime * 1000 - REFRESH_MARGIN_MS };
}

/** A valid access token for the account (cached; one exchange at a time per account). */
export function accessToken(account: ServiceAccount, input: AuthorizeInput): Promise<string> {
  return tokens.get(cacheKey(account), () => exchange(account, input));
}
