/**
 * A fake Cloudflare Turnstile siteverify endpoint: a form with the right secret and a token the test
 * issued gets `{success: true}`, anything else `{success: false, error-codes}`.
 */
import { type HttpFake, readFields, sendJson, startHttpFake } from './http-fake.ts';

export interface FakeTurnstile extends HttpFake {
  /** The siteverify URL (TURNSTILE_VERIFY_URL). */
  verifyUrl: string;
  /** A token the widget would have produced for a human visitor. */
  issueToken(): string;
  /** Forms received, to check what the server sent (remoteip, secret). */
  requests: Record<string, string>[];
}

export async function startFakeTurnstile(secret: string): Promise<FakeTurnstile> {
  const tokens = new Set<string>();
  const requests: Record<string, string>[] = [];
  let counter = 0;
  const fake = await startHttpFake(async (request, response, url) => {
    if (request.method !== 'POST' || url.pathname !== '/turnstile/v0/siteverify') {
      sendJson(response, 404, { success: false });
      return;
    }
    const form = await readFields(request);
    requests.push(form);
    if (form.secret !== secret) {
      sendJson(response, 200, { success: false, 'error-codes': ['invalid-input-secret'] });
      return;
    }
    const known = tokens.delete(form.response ?? '');
    sendJson(
      response,
      200,
      known ? { success: true } : { success: false, 'error-codes': ['invalid-input-response'] },
    );
  });
  return {
    ...fake,
    verifyUrl: `${fake.url}/turnstile/v0/siteverify`,
    issueToken() {
      counter += 1;
      const token = `turnstile-token-${counter}-${Math.random().toString(36).slice(2)}`;
      tokens.add(token);
      return token;
    },
    requests,
  };
}
