/**
 * A fake upstream that answers every request with the error its key is scripted with: a status, headers
 * (`retry-after`, …) and the vendor's error body — OpenAI's, Anthropic's or Gemini's, as each vendor sends
 * it. The tests of error classes and fallbacks point the failing channels here and the healthy ones at the
 * ordinary fakes. The key is read where each vendor's clients put it (Bearer, `x-api-key`,
 * `x-goog-api-key`, `?key=`); a key without a script gets a 500 naming it, so a test that forgot one fails.
 */
import { type FakeVendor, sendJson, startFakeVendor } from '../../test-support/fake-vendors/http.ts';

export interface ScriptedError {
  status: number;
  headers?: Record<string, string>;
  body: unknown;
}

export interface ErrorUpstream extends FakeVendor {
  script(key: string, error: ScriptedError): void;
  /** How many requests came with `key`. */
  count(key: string): number;
}

function keyOf(path: string, headers: Record<string, string | string[] | undefined>): string {
  const bearer = String(headers.authorization ?? '').replace(/^Bearer\s+/i, '');
  const header = headers['x-api-key'] ?? headers['x-goog-api-key'];
  if (typeof header === 'string' && header) return header;
  if (bearer) return bearer;
  return new URL(path, 'http://fake').searchParams.get('key') ?? '';
}

export async function startErrorUpstream(): Promise<ErrorUpstream> {
  const scripts = new Map<string, ScriptedError>();
  const counts = new Map<string, number>();
  const vendor = await startFakeVendor((request, response) => {
    const key = keyOf(request.path, request.headers);
    counts.set(key, (counts.get(key) ?? 0) + 1);
    const scripted = scripts.get(key);
    if (!scripted) {
      sendJson(response, 500, { error: { message: `no error scripted for key ${key}` } });
      return;
    }
    response.writeHead(scripted.status, { 'content-type': 'application/json', ...scripted.headers });
    response.end(typeof scripted.body === 'string' ? scripted.body : JSON.stringify(scripted.body));
  });
  return {
    ...vendor,
    script: (key, error) => scripts.set(key, error),
    count: (key) => counts.get(key) ?? 0,
  };
}

/** The error bodies of each vendor, as their APIs send them. */
export const vendorErrors = {
  openAi: (message: string, type: string, code: string | null) => ({
    error: { message, type, param: null, code },
  }),
  claude: (type: string, message: string) => ({ type: 'error', error: { type, message } }),
  gemini: (code: number, status: string, message: string, details?: unknown[]) => ({
    error: { code, message, status, ...(details ? { details } : {}) },
  }),
};
