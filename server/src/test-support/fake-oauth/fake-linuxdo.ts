/**
 * A fake Linux DO Connect for tests: the token endpoint wants HTTP Basic client credentials, the
 * authorization_code grant and the redirect address the code was issued for; /api/user returns the
 * account a test authorised.
 */
import { bearerToken, GrantBook, type HttpFake, readFields, sendJson, startHttpFake } from './http-fake.ts';

export interface FakeLinuxDoUser {
  id: number;
  username: string;
  name?: string;
  active?: boolean;
  trust_level?: number;
}

export interface FakeLinuxDo extends HttpFake {
  /** The code Linux DO would send to `redirectUri` once `user` authorised the app. */
  authorize(user: FakeLinuxDoUser, redirectUri: string): string;
}

export async function startFakeLinuxDo(client: {
  clientId: string;
  clientSecret: string;
}): Promise<FakeLinuxDo> {
  const grants = new GrantBook<FakeLinuxDoUser>();
  const expectedBasic = `Basic ${Buffer.from(`${client.clientId}:${client.clientSecret}`).toString('base64')}`;
  const fake = await startHttpFake(async (request, response, url) => {
    if (request.method === 'POST' && url.pathname === '/oauth2/token') {
      const form = await readFields(request);
      if (request.headers.authorization !== expectedBasic) {
        sendJson(response, 401, { error: 'invalid_client' });
        return;
      }
      if (form.grant_type !== 'authorization_code') {
        sendJson(response, 400, { error: 'unsupported_grant_type' });
        return;
      }
      const grant = grants.redeemCode(form.code ?? '');
      if (!grant || grant.redirectUri !== form.redirect_uri) {
        sendJson(response, 400, { error: 'invalid_grant' });
        return;
      }
      sendJson(response, 200, {
        access_token: grants.issueToken(grant.subject),
        token_type: 'bearer',
        expires_in: 3600,
      });
      return;
    }
    if (request.method === 'GET' && url.pathname === '/api/user') {
      const user = grants.subjectOf(bearerToken(request));
      if (!user) {
        sendJson(response, 401, { error: 'invalid_token' });
        return;
      }
      sendJson(response, 200, { name: '', active: true, trust_level: 1, silenced: false, ...user });
      return;
    }
    sendJson(response, 404, { error: 'not_found' });
  });
  return { ...fake, authorize: (user, redirectUri) => grants.issueCode(user, redirectUri) };
}
