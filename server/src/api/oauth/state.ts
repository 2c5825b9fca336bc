/**
 * OAuth `state` (docs/reference/oauth.md): a random 32-character value that works once, for 10 minutes, in the
 * browser that asked for it. It is stored hashed in `one_time_secrets` (purpose `oauth_state`, so it
 * works across instances and restarts) together with the invitation code the visitor came with, and
 * echoed in a signed HttpOnly cookie: a state minted in another browser arrives without that cookie
 * and is refused, which stops login CSRF (an attacker's authorization code replayed in a victim's
 * browser).
 *
 * The row's `subject` holds the invitation code (possibly empty) rather than the state: several live
 * states may share an invitation code, so rows are found by the state's hash, not by subject.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../context.ts';
import { businessFailure } from '../../lib/errors.ts';
import { randomAlphanumeric } from '../../lib/random.ts';

export const OAUTH_STATE_COOKIE = 'oauth_state';
export const OAUTH_STATE_LENGTH = 32;
export const OAUTH_STATE_LIFETIME_SECONDS = 10 * 60;
const PURPOSE = 'oauth_state';
const affCodePattern = /^[A-Za-z0-9]{1,32}$/;

const hashOf = (state: string) => createHash('sha256').update(state).digest('hex');
const now = () => Math.floor(Date.now() / 1000);

/** Keeps a plausible invitation code; anything else is dropped (it would not match a user anyway). */
export function normalizeAffCode(raw: unknown): string {
  const text = typeof raw === 'string' ? raw.trim() : '';
  return affCodePattern.test(text) ? text : '';
}

/** Mints a state, stores it with the invitation code and sets the browser-binding cookie. */
export async function issueOAuthState(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  affCode: string,
): Promise<string> {
  const state = randomAlphanumeric(OAUTH_STATE_LENGTH);
  const issuedAt = now();
  await context.database.db
    .insertInto('one_time_secrets')
    .values({
      purpose: PURPOSE,
      subject: normalizeAffCode(affCode),
      secret_hash: hashOf(state),
      expires_at: issuedAt + OAUTH_STATE_LIFETIME_SECONDS,
      created_at: issuedAt,
    })
    .execute();
  reply.setCookie(OAUTH_STATE_COOKIE, state, {
    signed: true,
    httpOnly: true,
    // Lax: the provider sends the browser back with a cross-site top-level navigation.
    sameSite: 'lax',
    secure: request.protocol === 'https',
    path: '/api/oauth',
    maxAge: OAUTH_STATE_LIFETIME_SECONDS,
  });
  return state;
}

function cookieMatches(request: FastifyRequest, state: string): boolean {
  const raw = request.cookies[OAUTH_STATE_COOKIE];
  if (!raw) return false;
  const unsigned = request.unsignCookie(raw);
  if (!unsigned.valid || !unsigned.value) return false;
  const expected = Buffer.from(unsigned.value);
  const received = Buffer.from(state);
  return expected.length === received.length && timingSafeEqual(expected, received);
}

/**
 * Checks the state against this browser's cookie, then consumes it (once, even across instances) and
 * returns the invitation code it carried. Any failure is the business failure `oauth.state_invalid`.
 */
export async function consumeOAuthState(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  state: string,
): Promise<{ affCode: string }> {
  if (state.length !== OAUTH_STATE_LENGTH || !cookieMatches(request, state)) {
    throw businessFailure('oauth.state_invalid');
  }
  const { db } = context.database;
  const row = await db
    .selectFrom('one_time_secrets')
    .select(['id', 'subject'])
    .where('purpose', '=', PURPOSE)
    .where('secret_hash', '=', hashOf(state))
    .where('expires_at', '>=', now())
    .executeTakeFirst();
  if (!row) throw businessFailure('oauth.state_invalid');
  // Deleting by id decides between two concurrent uses: only one of them deletes the row.
  const deleted = await db.deleteFrom('one_time_secrets').where('id', '=', row.id).executeTakeFirst();
  if (Number(deleted.numDeletedRows) === 0) throw businessFailure('oauth.state_invalid');
  reply.clearCookie(OAUTH_STATE_COOKIE, { path: '/api/oauth' });
  return { affCode: normalizeAffCode(row.subject) };
}
