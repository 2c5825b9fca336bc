/**
 * Console API authentication (docs/reference/api-rules.md): a session cookie or a system access token in
 * `Authorization` (a `Bearer ` prefix is accepted), and in both cases the `New-Api-User` header equal to
 * that user's id. Levels: user (role ≥ 1), admin (≥ 10), root (≥ 100).
 */
import type { FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { Role, UserStatus } from '../../../common/roles.ts';
import type { AppContext } from '../context.ts';
import { forbidden, unauthorized } from '../lib/errors.ts';
import { readSession } from './session.ts';
import { hasSecondFactor } from './two-factor/verification.ts';
import type { AuthUser } from './types.ts';

const accessTokenPattern = /^[A-Za-z0-9]{16,64}$/;

function readAccessToken(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const token = header.replace(/^Bearer\s+/i, '').trim();
  return token === '' ? null : token;
}

async function loadUser(context: AppContext, request: FastifyRequest): Promise<AuthUser | null> {
  const query = context.database.db
    .selectFrom('users')
    .select(['id', 'username', 'display_name', 'role', 'status', 'group', 'deleted_at', 'auth_version']);
  const accessToken = readAccessToken(request);
  // System access tokens are not sessions: valid until rotated (docs/decisions/0003-sessions-and-console-auth.md).
  const session = accessToken ? null : readSession(request);
  let row: Awaited<ReturnType<typeof query.executeTakeFirst>>;
  if (accessToken) {
    if (!accessTokenPattern.test(accessToken)) throw unauthorized('auth.invalid_access_token');
    row = await query.where('access_token', '=', accessToken).executeTakeFirst();
    if (!row) throw unauthorized('auth.invalid_access_token');
  } else {
    if (session === null) return null;
    row = await query.where('id', '=', session.userId).executeTakeFirst();
    if (!row) return null;
  }
  if (row.deleted_at !== null || row.status !== UserStatus.enabled) throw unauthorized('auth.user_banned');
  // A session older than the user's last logout, password change or reset, disable or delete.
  if (session && session.authVersion !== Number(row.auth_version ?? 0)) return null;
  return {
    id: row.id,
    username: row.username,
    displayName: row.display_name,
    role: row.role,
    status: row.status,
    group: row.group,
  };
}

/** Resolves the caller or throws 401; checks New-Api-User. */
export async function authenticate(context: AppContext, request: FastifyRequest): Promise<AuthUser> {
  const user = await loadUser(context, request);
  if (!user) throw unauthorized('auth.not_logged_in');
  const header = request.headers['new-api-user'];
  const claimed = Array.isArray(header) ? header[0] : header;
  if (claimed === undefined || claimed === '') throw unauthorized('auth.user_header_missing');
  if (Number(claimed) !== user.id) throw unauthorized('auth.user_header_mismatch');
  return user;
}

/**
 * The routes an administrator without a second factor still reaches while AdminTwoFactorRequired is on: the
 * personal page's own reads and settings, enrolment of two-factor and passkeys, asking again, logout.
 */
const ENROLMENT_ROUTES = new Set([
  '/api/user/self',
  '/api/user/self/groups',
  '/api/user/self/limits',
  '/api/user/models',
  '/api/user/aff',
  '/api/user/setting',
  '/api/verify',
]);

export function reachableWithoutSecondFactor(route: string): boolean {
  return (
    ENROLMENT_ROUTES.has(route) || route.startsWith('/api/user/2fa/') || route.startsWith('/api/user/passkey')
  );
}

/** Whether the caller is an administrator kept to enrolment by AdminTwoFactorRequired (docs/security.md). */
export async function mustEnrolSecondFactor(
  context: AppContext,
  user: Pick<AuthUser, 'id' | 'role'>,
): Promise<boolean> {
  if (user.role < Role.admin || !context.options.getBoolean('AdminTwoFactorRequired')) return false;
  return !(await hasSecondFactor(context.database.db, user.id));
}

/** A preHandler that admits callers whose role is at least `minimumRole`. */
export function requireRole(context: AppContext, minimumRole: number): preHandlerAsyncHookHandler {
  return async (request) => {
    const user = await authenticate(context, request);
    if (user.role < minimumRole) throw forbidden('auth.forbidden');
    if (
      !reachableWithoutSecondFactor(request.routeOptions.url ?? '') &&
      (await mustEnrolSecondFactor(context, user))
    )
      throw forbidden('twofa.admin_required');
    request.user = user;
  };
}
