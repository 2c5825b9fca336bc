/** Addresses the browser is sent to for third-party login and binding (docs/reference/console-api.md "External"). */
import type { PublicStatus } from '../../../../common/api-types.ts';
import type { OAuthCodeProvider } from '../../api/auth.ts';

export const GITHUB_AUTHORIZE_URL = 'https://github.com/login/oauth/authorize';
export const LINUX_DO_AUTHORIZE_URL = 'https://connect.linux.do/oauth2/authorize';
export const OIDC_CALLBACK_PATH = '/oauth/oidc';
export const LINUX_DO_CALLBACK_PATH = '/oauth/linuxdo';

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

/** The configured server address without a trailing slash, or the page's origin when none is set. */
export function callbackBase(serverAddress: string | undefined, origin: string): string {
  return (serverAddress?.trim() || origin).replace(/\/+$/, '');
}

export function githubAuthorizeUrl(clientId: string, state: string): string {
  return withQuery(GITHUB_AUTHORIZE_URL, { client_id: clientId, state, scope: 'user:email' });
}

export function linuxDoAuthorizeUrl(clientId: string, state: string, base: string): string {
  return withQuery(LINUX_DO_AUTHORIZE_URL, {
    response_type: 'code',
    client_id: clientId,
    state,
    redirect_uri: `${base}${LINUX_DO_CALLBACK_PATH}`,
  });
}

export function oidcAuthorizeUrl(
  authorizationEndpoint: string,
  clientId: string,
  state: string,
  base: string,
): string {
  return withQuery(authorizationEndpoint, {
    client_id: clientId,
    redirect_uri: `${base}${OIDC_CALLBACK_PATH}`,
    response_type: 'code',
    scope: 'openid profile email',
    state,
  });
}

export type AuthorizeStatus = Pick<
  PublicStatus,
  | 'github_client_id'
  | 'linuxdo_client_id'
  | 'oidc_authorization_endpoint'
  | 'oidc_client_id'
  | 'server_address'
>;

/** The provider's authorization address for a fresh state; used by login and by account binding alike. */
export function authorizeUrl(
  provider: OAuthCodeProvider,
  status: AuthorizeStatus,
  state: string,
  origin: string,
): string {
  const base = callbackBase(status.server_address, origin);
  if (provider === 'github') return githubAuthorizeUrl(status.github_client_id, state);
  if (provider === 'linuxdo') return linuxDoAuthorizeUrl(status.linuxdo_client_id, state, base);
  return oidcAuthorizeUrl(status.oidc_authorization_endpoint, status.oidc_client_id, state, base);
}
