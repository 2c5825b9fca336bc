/**
 * The challenge of a passkey ceremony, kept until its response comes back: a random ceremony id in a signed,
 * HttpOnly cookie, and the challenge in ../one-time-secrets.ts under that id, the ceremony's kind and the user
 * (0 for a sign-in). Consumed when checked, so a response is accepted once, on any instance.
 */
import { randomBytes } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.ts';
import { consumeSecret, issueSecret, type SecretPurpose } from '../one-time-secrets.ts';

const CEREMONY_COOKIE = 'passkey_ceremony';
const CEREMONY_SECONDS = 300;
/** Not yet one of SecretPurpose's names (one_time_secrets.purpose is free text); see docs/security.md. */
const PURPOSE: SecretPurpose = 'passkey_challenge';

export type CeremonyKind = 'register' | 'login' | 'verify';

const subjectOf = (kind: CeremonyKind, userId: number, ceremonyId: string) =>
  `${kind}:${userId}:${ceremonyId}`;

export async function beginCeremony(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: CeremonyKind,
  userId: number,
  challenge: string,
): Promise<void> {
  const ceremonyId = randomBytes(18).toString('base64url');
  await issueSecret(db, PURPOSE, subjectOf(kind, userId, ceremonyId), challenge, CEREMONY_SECONDS);
  reply.setCookie(CEREMONY_COOKIE, ceremonyId, {
    signed: true,
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    path: '/api/user/passkey',
    maxAge: CEREMONY_SECONDS,
  });
}

/**
 * The check @simplewebauthn/server calls with the response's challenge: true once, for the challenge issued to
 * this browser for this kind of ceremony and user.
 */
export function challengeCheck(
  db: Kysely<Database>,
  request: FastifyRequest,
  reply: FastifyReply,
  kind: CeremonyKind,
  userId: number,
): (challenge: string) => Promise<boolean> {
  const raw = request.cookies[CEREMONY_COOKIE];
  const unsigned = raw ? request.unsignCookie(raw) : null;
  reply.clearCookie(CEREMONY_COOKIE, { path: '/api/user/passkey' });
  return async (challenge) =>
    unsigned?.valid && unsigned.value
      ? consumeSecret(db, PURPOSE, subjectOf(kind, userId, unsigned.value), challenge)
      : false;
}
