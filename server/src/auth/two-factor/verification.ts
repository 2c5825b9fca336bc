/**
 * Asking again before a sensitive action (new-api's "secure verification": viewing a channel key and the like).
 * A user who just gave a current two-factor code or passkey gets a signed, HttpOnly `secure_verified` cookie
 * naming them, their auth version and the time; a route guarding an action calls `requireRecentVerification`,
 * which accepts it for VERIFICATION_SECONDS. Users with neither a second factor nor a passkey have nothing to
 * verify with: `hasSecondFactor` lets the guarded route decide what it then asks (docs/security.md).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { GatewayError } from '../../lib/errors.ts';
import { isTwoFactorEnabled } from './store.ts';
import './messages.ts';

const VERIFIED_COOKIE = 'secure_verified';
export const VERIFICATION_SECONDS = 300;

async function authVersionOf(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('auth_version').where('id', '=', userId).executeTakeFirst();
  return Number(row?.auth_version ?? 0);
}

export async function markVerified(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  const now = Math.floor(Date.now() / 1000);
  reply.setCookie(VERIFIED_COOKIE, `${userId}.${now}.${await authVersionOf(db, userId)}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/api',
    maxAge: VERIFICATION_SECONDS,
  });
}

/** True when this browser verified as `userId` (at the user's current auth version) in the last five minutes. */
export async function recentlyVerified(
  db: Kysely<Database>,
  request: FastifyRequest,
  userId: number,
): Promise<boolean> {
  const raw = request.cookies[VERIFIED_COOKIE];
  if (!raw) return false;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return false;
  const [id, at, version] = unsigned.value.split('.').map(Number);
  if (id !== userId || !Number.isFinite(at) || Date.now() / 1000 - (at ?? 0) > VERIFICATION_SECONDS)
    return false;
  return version === (await authVersionOf(db, userId));
}

/** Whether the user has something to verify with: two-factor on, or a passkey. */
export async function hasSecondFactor(db: Kysely<Database>, userId: number): Promise<boolean> {
  if (await isTwoFactorEnabled(db, userId)) return true;
  const passkey = await db
    .selectFrom('passkey_credentials')
    .select('id')
    .where('user_id', '=', userId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return passkey !== undefined;
}

/** Throws 403 `verify.required` unless the caller verified recently (the console then asks, POST /api/verify). */
export async function requireRecentVerification(
  db: Kysely<Database>,
  request: FastifyRequest,
  userId: number,
): Promise<void> {
  if (!(await recentlyVerified(db, request, userId)))
    throw new GatewayError({ status: 403, code: 'verify.required' });
}
