/**
 * The state between the password and the code of a two-factor sign-in (new-api keeps it in its server-side
 * session as the pending user): a signed, HttpOnly cookie naming the user, when the password was accepted and
 * the user's auth version then. It is no session: ../guards.ts never reads it. It lasts five minutes and dies
 * with any logout or password change (the auth version moves on).
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const PENDING_LOGIN_COOKIE = 'pending_2fa';
export const PENDING_LOGIN_SECONDS = 300;

export function startPendingLogin(
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  authVersion: number,
): void {
  const issuedAt = Math.floor(Date.now() / 1000);
  reply.setCookie(PENDING_LOGIN_COOKIE, `${userId}.${issuedAt}.${authVersion}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/api/user/login',
    maxAge: PENDING_LOGIN_SECONDS,
  });
}

export function endPendingLogin(reply: FastifyReply): void {
  reply.clearCookie(PENDING_LOGIN_COOKIE, { path: '/api/user/login' });
}

/** The pending user and auth version of a valid, unexpired cookie, or null. */
export function readPendingLogin(request: FastifyRequest): { userId: number; authVersion: number } | null {
  const raw = request.cookies[PENDING_LOGIN_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const [idText, issuedText, versionText] = unsigned.value.split('.').map(Number);
  if (!Number.isSafeInteger(idText) || (idText ?? 0) <= 0) return null;
  if (!Number.isFinite(issuedText) || Date.now() / 1000 - (issuedText ?? 0) > PENDING_LOGIN_SECONDS)
    return null;
  if (!Number.isSafeInteger(versionText)) return null;
  return { userId: idText as number, authVersion: versionText as number };
}
