/**
 * What every third-party login does once the provider has named the person: bind the identity to
 * the logged-in user, or log in the user holding it, or register a new user for it. Identities live
 * in the users table's columns of one-api/new-api (github_id, oidc_id, linux_do_id, wechat_id,
 * telegram_id), so adopted databases keep working.
 */
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { ApiReply, SessionUser } from '../../../../common/api-types.ts';
import { DISPLAY_NAME_MAX_LENGTH, USERNAME_MAX_LENGTH } from '../../../../common/limits.ts';
import { UserStatus } from '../../../../common/roles.ts';
import { authenticate } from '../../auth/guards.ts';
import { beginSession, readSessionUserId } from '../../auth/session.ts';
import { openCodeStep } from '../../auth/two-factor/pending-login.ts';
import { isTwoFactorEnabled } from '../../auth/two-factor/store.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import { businessFailure, GatewayError } from '../../lib/errors.ts';
import { translate } from '../../lib/messages.ts';
import { randomAlphanumeric, randomString } from '../../lib/random.ts';
import { ok } from '../reply.ts';
import { createUser } from '../users/create-user.ts';
import { findUserById, usernameTaken } from '../users/repository.ts';
import { signedIn } from '../users/sign-in-reply.ts';
import { toSessionUser, type UserRow } from '../users/view.ts';

export const identityColumns = {
  github: 'github_id',
  oidc: 'oidc_id',
  linuxdo: 'linux_do_id',
  wechat: 'wechat_id',
  telegram: 'telegram_id',
} as const;

export type IdentityProvider = keyof typeof identityColumns;
type IdentityColumn = (typeof identityColumns)[IdentityProvider];

export const providerLabels: Record<IdentityProvider, string> = {
  github: 'GitHub',
  oidc: 'OIDC',
  linuxdo: 'Linux DO',
  wechat: 'WeChat',
  telegram: 'Telegram',
};

/** A person as a provider names them. */
export interface ExternalIdentity {
  provider: IdentityProvider;
  /** The stable identifier stored in the provider's column. */
  id: string;
  /** Older identifiers of the same person (e.g. a GitHub login stored by one-api); upgraded on login. */
  legacyIds?: string[];
  /** The preferred username (made valid and unique on registration); may be empty. */
  username: string;
  displayName: string;
  /** A verified email address, or ''. */
  email: string;
}

/** The reply to the console: message `bind` after binding, otherwise the logged-in user. */
/** A bind (`bind`), a session, or the code step of a user with two-factor on (`{require_2fa: true}`). */
export type LinkReply = ApiReply<SessionUser | { require_2fa: true }>;

const USERNAME_SUFFIX_LENGTH = 4;
const usernameCharacters = /[^\p{L}\p{N}_.-]/gu;

/** The caller when the request carries a working console login (cookie or access token), else null. */
async function currentUser(context: AppContext, request: FastifyRequest): Promise<AuthUser | null> {
  if (readSessionUserId(request) === null && !request.headers.authorization) return null;
  try {
    return await authenticate(context, request);
  } catch (error) {
    if (error instanceof GatewayError && error.status === 401) return null;
    throw error;
  }
}

async function usersHolding(context: AppContext, column: IdentityColumn, ids: string[]): Promise<UserRow[]> {
  const values = ids.filter((value) => value !== '');
  if (values.length === 0) return [];
  return context.database.db
    .selectFrom('users')
    .selectAll()
    .where(column, 'in', values)
    .orderBy('id')
    .execute();
}

/** Binds the identity to `userId`; refused when another user (cancelled ones included) holds it. */
export async function bindIdentity(
  context: AppContext,
  userId: number,
  identity: ExternalIdentity,
): Promise<void> {
  const column = identityColumns[identity.provider];
  const holders = await usersHolding(context, column, [identity.id, ...(identity.legacyIds ?? [])]);
  if (holders.some((row) => row.id !== userId)) {
    throw businessFailure('oauth.identity_taken', { provider: providerLabels[identity.provider] });
  }
  await context.database.db
    .updateTable('users')
    .set({ [column]: identity.id })
    .where('id', '=', userId)
    .execute();
}

/** The user holding the identity, preferring an active row; legacy matches are upgraded to the new id. */
async function findHolder(context: AppContext, identity: ExternalIdentity): Promise<UserRow | undefined> {
  const column = identityColumns[identity.provider];
  const pick = (rows: UserRow[]) => rows.find((row) => row.deleted_at === null) ?? rows[0];
  const current = pick(await usersHolding(context, column, [identity.id]));
  if (current) return current;
  const legacy = pick(await usersHolding(context, column, identity.legacyIds ?? []));
  if (legacy) {
    await context.database.db
      .updateTable('users')
      .set({ [column]: identity.id })
      .where('id', '=', legacy.id)
      .execute();
  }
  return legacy;
}

function cut(text: string, length: number): string {
  return [...text].slice(0, length).join('');
}

/** A free username from the provider's name: characters kept where valid, a random suffix when taken. */
async function freeUsername(context: AppContext, identity: ExternalIdentity): Promise<string> {
  const cleaned = identity.username.normalize('NFKC').replace(usernameCharacters, '');
  const base = cleaned === '' ? identity.provider : cleaned;
  const whole = cut(base, USERNAME_MAX_LENGTH);
  if (cleaned !== '' && !(await usernameTaken(context.database.db, whole))) return whole;
  const stem = cut(base, USERNAME_MAX_LENGTH - USERNAME_SUFFIX_LENGTH - 1);
  for (let attempt = 0; attempt < 10; attempt += 1) {
    const candidate = `${stem}_${randomString(USERNAME_SUFFIX_LENGTH, 'abcdefghijklmnopqrstuvwxyz0123456789')}`;
    if (!(await usernameTaken(context.database.db, candidate))) return candidate;
  }
  return `${identity.provider.slice(0, 3)}_${randomAlphanumeric(USERNAME_MAX_LENGTH - 4)}`;
}

/** Registers a user for the identity through createUser (welcome quota, invitation rewards). */
async function registerIdentity(
  context: AppContext,
  identity: ExternalIdentity,
  affCode: string,
): Promise<number> {
  const { db } = context.database;
  let email = identity.email;
  if (email !== '') {
    const owner = await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst();
    // An address already in use stays with its owner: it is how they log in and reset their password.
    if (owner) email = '';
  }
  for (let attempt = 0; ; attempt += 1) {
    const username = await freeUsername(context, identity);
    try {
      const id = await createUser(context, {
        username,
        password: randomAlphanumeric(32),
        displayName: cut(identity.displayName.trim(), DISPLAY_NAME_MAX_LENGTH) || username,
        ...(email ? { email } : {}),
        ...(affCode ? { affCode } : {}),
        identity: { column: identityColumns[identity.provider], value: identity.id },
      });
      return id;
    } catch (error) {
      // Another registration took the name between the check and the insert: pick another one.
      const raced = error instanceof GatewayError && error.code === 'user.username_taken';
      if (!raced || attempt >= 3) throw error;
    }
  }
}

/** Logs in (or registers) the holder of the identity; refused for banned and cancelled users. */
export async function loginWithIdentity(
  context: AppContext,
  identity: ExternalIdentity,
  affCode: string,
): Promise<SessionUser> {
  const holder = await findHolder(context, identity);
  if (holder) {
    if (holder.deleted_at !== null) throw businessFailure('user.cancelled');
    if (holder.status !== UserStatus.enabled) throw businessFailure('auth.user_banned');
    return toSessionUser(holder);
  }
  const { options } = context;
  if (!options.getBoolean('RegisterEnabled')) throw businessFailure('user.register_disabled');
  if (options.getBoolean('SelfUseModeEnabled')) throw businessFailure('user.self_use_mode');
  const id = await registerIdentity(context, identity, affCode);
  const created = await findUserById(context.database.db, id);
  if (!created) throw new Error(`user ${id} vanished right after registration`);
  return toSessionUser(created);
}

/**
 * The shared ending of every login callback: with a working console login, bind the identity to that
 * user (reply message `bind`); otherwise log in, or register, the identity's user and start a session.
 */
export async function linkIdentity(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  identity: ExternalIdentity,
  affCode = '',
): Promise<LinkReply> {
  const user = await currentUser(context, request);
  if (user) {
    await bindIdentity(context, user.id, identity);
    return ok<SessionUser>(undefined, 'bind');
  }
  const sessionUser = await loginWithIdentity(context, identity, affCode);
  // Two-factor on: the identity is the first step only, like a password (docs/security.md); the console's
  // callback page then asks for the code (POST /api/user/login/2fa).
  if (await isTwoFactorEnabled(context.database.db, sessionUser.id)) {
    await openCodeStep(context.database.db, request, reply, sessionUser.id);
    return ok({ require_2fa: true as const }, translate('twofa.enter_code', request.language));
  }
  await beginSession(context.database.db, request, reply, sessionUser.id);
  return signedIn(context, request, sessionUser);
}
