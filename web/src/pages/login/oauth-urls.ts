/** Addresses the browser is sent to for third-party login (spec §7 "External"). */

export const GITHUB_AUTHORIZE_URL = 'https://github.com/login/oauth/authorize';
export const LINUX_DO_AUTHORIZE_URL = 'https://connect.linux.do/oauth2/authorize';
export const OIDC_CALLBACK_PATH = '/oauth/oidc';

function withQuery(base: string, params: Record<string, string>): string {
  const url = new URL(base);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  return url.toString();
}

export function githubAuthorizeUrl(clientId: string, state: string): string {
  return withQuery(GITHUB_AUTHORIZE_URL, { client_id: clientId, state, scope: 'user:email' });
}

export function linuxDoAuthorizeUrl(clientId: string, state: string): string {
  return withQuery(LINUX_DO_AUTHORIZE_URL, { response_type: 'code', client_id: clientId, state });
}

export function oidcAuthorizeUrl(
  authorizationEndpoint: string,
  clientId: string,
  state: string,
  origin: string,
): string {
  return withQuery(authorizationEndpoint, {
    client_id: clientId,
    redirect_uri: `${origin}${OIDC_CALLBACK_PATH}`,
    response_type: 'code',
    scope: 'openid profile email',
    state,
  });
}
