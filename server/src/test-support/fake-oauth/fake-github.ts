/**
 * A fake GitHub for tests (both github.com's OAuth endpoint and api.github.com): it checks the client
 * credentials, accepts each code once, answers JSON only when asked to (as GitHub does), requires a
 * User-Agent on the API (as GitHub does) and returns the user a test authorised.
 */
import { bearerToken, GrantBook, type HttpFake, readFields, sendJson, startHttpFake } from './http-fake.ts';

export interface FakeGitHubUser {
  id: number;
  login: string;
  name?: string | null;
  email?: string | null;
}

export interface FakeGitHub extends HttpFake {
  /** The code GitHub would put in the callback once `user` authorised the app. */
  authorize(user: FakeGitHubUser): string;
  /** Forms received by the token endpoint. */
  tokenRequests: Record<string, string>[];
}

export async function startFakeGitHub(client: {
  clientId: string;
  clientSecret: string;
}): Promise<FakeGitHub> {
  const grants = new GrantBook<FakeGitHubUser>();
  const tokenRequests: Record<string, string>[] = [];
  const fake = await startHttpFake(async (request, response, url) => {
    if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const form = await readFields(request);
      tokenRequests.push(form);
      let reply: Record<string, string>;
      if (form.client_id !== client.clientId || form.client_secret !== client.clientSecret) {
        reply = { error: 'incorrect_client_credentials' };
      } else {
        const grant = grants.redeemCode(form.code ?? '');
        reply = grant
          ? { access_token: grants.issueToken(grant.subject), token_type: 'bearer', scope: 'user:email' }
          : { error: 'bad_verification_code' };
      }
      // GitHub answers errors with 200 too, and form-encoded unless JSON is accepted.
      if ((request.headers.accept ?? '').includes('application/json')) {
        sendJson(response, 200, reply);
      } else {
        response.writeHead(200, { 'content-type': 'application/x-www-form-urlencoded' });
        response.end(new URLSearchParams(reply).toString());
      }
      return;
    }
    if (request.method === 'GET' && url.pathname === '/user') {
      if (!request.headers['user-agent']) {
        sendJson(response, 403, { message: 'Request forbidden by administrative rules.' });
        return;
      }
      const user = grants.subjectOf(bearerToken(request));
      if (!user) {
        sendJson(response, 401, { message: 'Bad credentials' });
        return;
      }
      sendJson(response, 200, { name: null, email: null, ...user, type: 'User', site_admin: false });
      return;
    }
    sendJson(response, 404, { message: 'Not Found' });
  });
  return { ...fake, authorize: (user) => grants.issueCode(user), tokenRequests };
}
