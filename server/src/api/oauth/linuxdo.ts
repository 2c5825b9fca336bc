/**
 * Linux DO Connect login: the code is exchanged at `<LINUXDO_OAUTH_URL>/oauth2/token` with the client
 * id and secret as HTTP Basic credentials, the account read from `<LINUXDO_OAUTH_URL>/api/user`. The
 * identity is the numeric user id; accounts that are not active are refused.
 */
import type { AppContext } from '../../context.ts';
import { businessFailure } from '../../lib/errors.ts';
import type { ExternalIdentity } from './account-linking.ts';
import { exchangeCode, fetchWithBearer, textField } from './external-http.ts';

const PROVIDER = 'Linux DO';

export function linuxDoEnabled(context: AppContext): boolean {
  return context.options.getBoolean('LinuxDOOAuthEnabled');
}

/** The console's callback page, which must match the redirect address registered at Linux DO. */
/** `site`: the saved ServerAddress, else the address the visitor reached (options/server-address.ts). */
export function linuxDoRedirectUri(site: string): string {
  return `${site}/oauth/linuxdo`;
}

export async function linuxDoIdentity(
  context: AppContext,
  code: string,
  site: string,
): Promise<ExternalIdentity> {
  const { linuxDoOAuth } = context.config.externalEndpoints;
  const credentials = Buffer.from(
    `${context.options.get('LinuxDOClientId')}:${context.options.get('LinuxDOClientSecret')}`,
  ).toString('base64');
  const accessToken = await exchangeCode(context, {
    provider: PROVIDER,
    method: 'POST',
    url: `${linuxDoOAuth}/oauth2/token`,
    headers: { authorization: `Basic ${credentials}` },
    form: { grant_type: 'authorization_code', code, redirect_uri: linuxDoRedirectUri(site) },
  });
  const user = await fetchWithBearer(context, PROVIDER, `${linuxDoOAuth}/api/user`, accessToken);
  const id = textField(user, 'id');
  const username = textField(user, 'username');
  if (!/^\d+$/.test(id) || username === '')
    throw businessFailure('oauth.user_invalid', { provider: PROVIDER });
  if (user.active !== true) throw businessFailure('oauth.linuxdo_inactive');
  return {
    provider: 'linuxdo',
    id,
    username,
    displayName: textField(user, 'name') || username,
    email: '',
  };
}
