/**
 * GitHub login (docs/reference/oauth.md): the code is exchanged at `<GITHUB_OAUTH_URL>/login/oauth/access_token`,
 * the account read from `<GITHUB_API_URL>/user`. The identity is GitHub's numeric user id, which never
 * changes; one-api stored the login name instead, which GitHub frees on a rename and hands to whoever
 * takes it next, so a stored login is only accepted to find an adopted account and is then replaced by
 * the numeric id.
 */
import type { AppContext } from '../../context.ts';
import { businessFailure } from '../../lib/errors.ts';
import type { ExternalIdentity } from './account-linking.ts';
import { exchangeCode, fetchWithBearer, textField } from './external-http.ts';

const PROVIDER = 'GitHub';

export function gitHubEnabled(context: AppContext): boolean {
  return context.options.getBoolean('GitHubOAuthEnabled');
}

export async function gitHubIdentity(context: AppContext, code: string): Promise<ExternalIdentity> {
  const { githubOAuth, githubApi } = context.config.externalEndpoints;
  const accessToken = await exchangeCode(context, {
    provider: PROVIDER,
    method: 'POST',
    url: `${githubOAuth}/login/oauth/access_token`,
    form: {
      client_id: context.options.get('GitHubClientId'),
      client_secret: context.options.get('GitHubClientSecret'),
      code,
    },
  });
  const user = await fetchWithBearer(context, PROVIDER, `${githubApi}/user`, accessToken);
  const id = textField(user, 'id');
  const login = textField(user, 'login');
  if (!/^\d+$/.test(id) || login === '') throw businessFailure('oauth.user_invalid', { provider: PROVIDER });
  return {
    provider: 'github',
    id,
    legacyIds: [login],
    username: login,
    displayName: textField(user, 'name') || login,
    // GitHub only shows a public address that the account has verified.
    email: textField(user, 'email'),
  };
}
