/** Pure rules of the OAuth callback page (docs/reference/console-states.md "OAuth callback", docs/reference/console-errors.md "OAuth failure"). */
import type { ApiReply, SessionUser } from '../../../../common/api-types.ts';
import type { OAuthCodeProvider } from '../../api/auth.ts';
import { isCodeRequired } from '../../api/security.ts';

export const OAUTH_PROVIDERS: readonly OAuthCodeProvider[] = ['github', 'oidc', 'linuxdo'];

/** Where the callback sends the user afterwards. */
export const BIND_SUCCESS_PATH = '/personal';
export const LOGIN_SUCCESS_PATH = '/token';
export const FAILURE_PATH = '/login';

/** The server message that means "the identity was bound to the logged-in account". */
const BIND_MESSAGE = 'bind';

export function parseOAuthProvider(value: string | undefined): OAuthCodeProvider | null {
  return OAUTH_PROVIDERS.find((provider) => provider === value) ?? null;
}

export type OAuthOutcome =
  | { kind: 'bound' }
  | { kind: 'loggedIn'; user: SessionUser }
  /** The user has two-factor on: the identity was the first step, the code comes next (docs/security.md). */
  | { kind: 'codeStep' }
  | { kind: 'failed'; message: string };

export function oauthOutcome(reply: ApiReply<SessionUser>): OAuthOutcome {
  if (!reply.success) return { kind: 'failed', message: reply.message };
  if (reply.message === BIND_MESSAGE) return { kind: 'bound' };
  if (isCodeRequired(reply.data)) return { kind: 'codeStep' };
  if (reply.data) return { kind: 'loggedIn', user: reply.data };
  return { kind: 'failed', message: reply.message };
}

const pendingCalls = new Map<string, Promise<unknown>>();

/**
 * Runs `call` once per key for the page's lifetime: React's strict mode runs effects twice, and the OAuth
 * state is single-use, so the second run must reuse the first call's promise instead of calling again.
 */
export function callOnce<T>(key: string, call: () => Promise<T>): Promise<T> {
  const existing = pendingCalls.get(key);
  if (existing) return existing as Promise<T>;
  const promise = call();
  pendingCalls.set(key, promise);
  return promise;
}
