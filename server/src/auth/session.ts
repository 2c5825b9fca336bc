/**
 * Console sessions: an HttpOnly, SameSite=Strict cookie named `session`, signed with the session
 * secret, valid 30 days, holding the user id, the issue time and the user's auth version. The user row is
 * read on every console request: a disabled or deleted user is refused at once, and a cookie whose
 * version is older than the user's (logout, password change or reset, disable, delete bump it) is no
 * longer a session. Cookies of the earlier two-part form count as version 0.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { Database } from '../db/schema.ts';

export const SESSION_COOKIE = 'session';
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

/** A signed cookie that names a user at an auth version: the session, and a login waiting for its second factor. */
export interface UserCookie {
  name: string;
  path: string;
  maxAgeSeconds: number;
}

const SESSION: UserCookie = { name: SESSION_COOKIE, path: '/', maxAgeSeconds: SESSION_MAX_AGE_SECONDS };

/** Sets `cookie` to `<user id>.<issued at>.<auth version>`, signed, HTTP-only, same-site strict. */
export function issueUserCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  cookie: UserCookie,
  userId: number,
  authVersion: number,
): void {
  const issuedAt = Math.floor(Date.now() / 1000);
  reply.setCookie(cookie.name, `${userId}.${issuedAt}.${authVersion}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: cookie.path,
    maxAge: cookie.maxAgeSeconds,
  });
}

export function startSession(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  authVersion: number,
): void {
  issueUserCookie(request, reply, SESSION, userId, authVersion);
}

/** The user's current auth version (0 when the user is gone): what a new session or pending cookie is bound to. */
export async function currentAuthVersion(db: Kysely<Database>, userId: number): Promise<number> {
  const row = await db.selectFrom('users').select('auth_version').where('id', '=', userId).executeTakeFirst();
  return Number(row?.auth_version ?? 0);
}

/** Starts a session at the user's current auth version. */
export async function beginSession(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  startSession(request, reply, userId, await currentAuthVersion(db, userId));
}

export function endSession(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

export interface SessionClaim {
  userId: number;
  authVersion: number;
}

/** The claim of a valid, unexpired `cookie` (its version still to be compared with the user's), or null. */
export function readUserCookie(request: FastifyRequest, cookie: UserCookie): SessionClaim | null {
  const raw = request.cookies[cookie.name];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const [idText, issuedText, versionText = '0'] = unsigned.value.split('.');
  const id = Number(idText);
  const issuedAt = Number(issuedText);
  const version = Number(versionText);
  if (!Number.isSafeInteger(id) || id <= 0 || !Number.isFinite(issuedAt)) return null;
  if (!Number.isSafeInteger(version) || version < 0) return null;
  if (Date.now() / 1000 - issuedAt > cookie.maxAgeSeconds) return null;
  return { userId: id, authVersion: version };
}

/** The claim of a valid, unexpired session cookie (its version still to be compared), or null. */
export function readSession(request: FastifyRequest): SessionClaim | null {
  return readUserCookie(request, SESSION);
}

/** The user id of a session cookie, before its version is checked against the user (see guards.ts). */
export function readSessionUserId(request: FastifyRequest): number | null {
  return readSession(request)?.userId ?? null;
}

/** Ends every session of a user issued so far; returns the new version. */
export async function revokeSessions(db: Kysely<Database>, userId: number): Promise<number> {
  await db
    .updateTable('users')
    .set({ auth_version: sql<number>`auth_version + 1` })
    .where('id', '=', userId)
    .execute();
  const row = await db.selectFrom('users').select('auth_version').where('id', '=', userId).executeTakeFirst();
  return Number(row?.auth_version ?? 0);
}
