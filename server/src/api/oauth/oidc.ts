/**
 * OpenID Connect login. The console fills the endpoints from the provider's well-known document into
 * the options (oidc.token_endpoint, oidc.user_info_endpoint); the code is exchanged with the client id
 * and secret in the form (client_secret_post) and the redirect address `<ServerAddress>/oauth/oidc`
 * that the console sent the browser with. The identity is the subject (`sub`).
 */
import type { AppContext } from '../../context.ts';
import { businessFailure } from '../../lib/errors.ts';
import type { ExternalIdentity } from './account-linking.ts';
import { exchangeCode, fetchWithBearer, textField } from './external-http.ts';

const PROVIDER = 'OIDC';

export function oidcEnabled(context: AppContext): boolean {
  return context.options.getBoolean('oidc.enabled');
}

/** `site`: the saved ServerAddress, else the address the visitor reached (options/server-address.ts). */
export function oidcRedirectUri(site: string): string {
  return `${site}/oauth/oidc`;
}

export async function oidcIdentity(
  context: AppContext,
  code: string,
  site: string,
): Promise<ExternalIdentity> {
  const { options } = context;
  const tokenEndpoint = options.get('oidc.token_endpoint');
  const userInfoEndpoint = options.get('oidc.user_info_endpoint');
  if (tokenEndpoint === '' || userInfoEndpoint === '') {
    throw businessFailure('oauth.provider_unavailable', { provider: PROVIDER });
  }
  const accessToken = await exchangeCode(context, {
    provider: PROVIDER,
    method: 'POST',
    url: tokenEndpoint,
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: oidcRedirectUri(site),
      client_id: options.get('oidc.client_id'),
      client_secret: options.get('oidc.client_secret'),
    },
  });
  const claims = await fetchWithBearer(context, PROVIDER, userInfoEndpoint, accessToken);
  const subject = textField(claims, 'sub');
  if (subject === '') throw businessFailure('oauth.user_invalid', { provider: PROVIDER });
  const claimedEmail = textField(claims, 'email');
  const username = textField(claims, 'preferred_username') || claimedEmail.split('@')[0] || '';
  // An address the provider says it has not verified is not taken as the user's.
  const email = claims.email_verified === false ? '' : claimedEmail;
  return {
    provider: 'oidc',
    id: subject,
    username,
    displayName: textField(claims, 'name') || username,
    email,
  };
}
