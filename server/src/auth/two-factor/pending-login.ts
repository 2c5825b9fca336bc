/**
 * The state between the password and the code of a two-factor sign-in (new-api keeps it in its server-side
 * session as the pending user): a signed, HttpOnly cookie naming the user, when the password was accepted and
 * the user's auth version then. It is no session: ../guards.ts never reads it. It lasts five minutes and dies
 * with any logout or password change (the auth version moves on).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import {
  currentAuthVersion,
  issueUserCookie,
  readUserCookie,
  type SessionClaim,
  type UserCookie,
} from '../session.ts';

export const PENDING_LOGIN_COOKIE = 'pending_2fa';
export const PENDING_LOGIN_SECONDS = 300;

const PENDING: UserCookie = {
  name: PENDING_LOGIN_COOKIE,
  path: '/api/user/login',
  maxAgeSeconds: PENDING_LOGIN_SECONDS,
};

export function startPendingLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  authVersion: number,
): void {
  issueUserCookie(request, reply, PENDING, userId, authVersion);
}

/**
 * Opens the code step for a user whose first step passed (password or an OAuth identity): the pending cookie at
 * the user's current auth version; the caller answers `{require_2fa: true}`.
 */
export async function openCodeStep(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
): Promise<void> {
  startPendingLogin(request, reply, userId, await currentAuthVersion(db, userId));
}

export function endPendingLogin(reply: FastifyReply): void {
  reply.clearCookie(PENDING_LOGIN_COOKIE, { path: PENDING.path });
}

/** The pending user and auth version of a valid, unexpired cookie, or null. */
export function readPendingLogin(request: FastifyRequest): SessionClaim | null {
  return readUserCookie(request, PENDING);
}
