/**
 * Console sessions: an HttpOnly, SameSite=Strict cookie named `session`, signed with the session
 * secret, valid 30 days, holding only the user id and the issue time. The user row is read on every
 * console request, so a disabled or deleted user is refused at once.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'session';
export const SESSION_MAX_AGE_SECONDS = 30 * 24 * 3600;

export function startSession(request: FastifyRequest, reply: FastifyReply, userId: number): void {
  const issuedAt = Math.floor(Date.now() / 1000);
  reply.setCookie(SESSION_COOKIE, `${userId}.${issuedAt}`, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/',
    maxAge: SESSION_MAX_AGE_SECONDS,
  });
}

export function endSession(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/** The user id of a valid, unexpired session cookie, or null. */
export function readSessionUserId(request: FastifyRequest): number | null {
  const raw = request.cookies[SESSION_COOKIE];
  if (!raw) return null;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return null;
  const [idText, issuedText] = unsigned.value.split('.');
  const id = Number(idText);
  const issuedAt = Number(issuedText);
  if (!Number.isSafeInteger(id) || id <= 0 || !Number.isFinite(issuedAt)) return null;
  if (Date.now() / 1000 - issuedAt > SESSION_MAX_AGE_SECONDS) return null;
  return id;
}
