/**
 * A fake Baidu ERNIE (Wenxin v1) service: the client-credentials token exchange at /oauth/2.0/token
 * (checks the API key and secret, counts exchanges), chat at /rpc/2.0/ai_custom/v1/wenxinworkshop/chat/<x>
 * and embeddings at …/embeddings/<x>, each refusing a missing or unknown access token with Baidu's
 * error body (HTTP 200, error_code 110) and a conversation that does not alternate user/assistant
 * starting with the user (error_code 336006), as the real service does.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor, startSse } from './http.ts';

export const FAKE_BAIDU_API_KEY = 'baidu-api-key';
export const FAKE_BAIDU_SECRET = 'baidu-secret-key';
export const FAKE_BAIDU_PIECES = ['你好，', '我是', '文心一言。'];
export const FAKE_BAIDU_USAGE = { prompt_tokens: 13, completion_tokens: 7, total_tokens: 20 };
export const FAKE_BAIDU_EMBEDDING = [0.5, -0.25, 0.125];

export interface FakeBaidu extends FakeVendor {
  /** Token exchanges served. */
  readonly exchanges: number;
  /** Makes every token issued so far invalid (calls with them get error_code 110). */
  revokeTokens(): void;
}

function alternates(messages: unknown): boolean {
  if (!Array.isArray(messages) || messages.length % 2 === 0) return false;
  return messages.every(
    (message, index) =>
      typeof message?.content === 'string' && message.role === (index % 2 === 0 ? 'user' : 'assistant'),
  );
}

export async function startFakeBaidu(): Promise<FakeBaidu> {
  let exchanges = 0;
  const valid = new Set<string>();
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    const url = new URL(request.path, 'http://fake');
    if (url.pathname === '/oauth/2.0/token') {
      const query = url.searchParams;
      if (
        request.method !== 'POST' ||
        query.get('grant_type') !== 'client_credentials' ||
        query.get('client_id') !== FAKE_BAIDU_API_KEY ||
        query.get('client_secret') !== FAKE_BAIDU_SECRET
      ) {
        sendJson(response, 401, { error: 'invalid_client', error_description: 'unknown client id' });
        return;
      }
      exchanges += 1;
      const token = `24.fake-token-${exchanges}`;
      valid.add(token);
      sendJson(response, 200, { access_token: token, expires_in: 2_592_000, scope: 'public' });
      return;
    }
    const match = /^\/rpc\/2\.0\/ai_custom\/v1\/wenxinworkshop\/(chat|embeddings)\/([\w.-]+)$/.exec(
      url.pathname,
    );
    if (!match) {
      sendJson(response, 404, { error_code: 3, error_msg: 'Unsupported openapi method' });
      return;
    }
    if (!valid.has(url.searchParams.get('access_token') ?? '')) {
      sendJson(response, 200, { error_code: 110, error_msg: 'Access token invalid or no longer valid' });
      return;
    }
    if (match[1] === 'embeddings') {
      const input = request.body.input as string[];
      sendJson(response, 200, {
        id: 'as-embed',
        object: 'embedding_list',
        created: 1_700_000_000,
        data: input.map((_, index) => ({ object: 'embedding', embedding: FAKE_BAIDU_EMBEDDING, index })),
        usage: { prompt_tokens: 4 * input.length, total_tokens: 4 * input.length },
      });
      return;
    }
    if (!alternates(request.body.messages)) {
      sendJson(response, 200, {
        error_code: 336006,
        error_msg: 'the length of messages must be an odd number',
      });
      return;
    }
    const base = { id: 'as-fake', object: 'chat.completion', created: 1_700_000_000 };
    if (request.body.stream !== true) {
      sendJson(response, 200, {
        ...base,
        result: FAKE_BAIDU_PIECES.join(''),
        is_truncated: false,
        need_clear_history: false,
        finish_reason: 'normal',
        usage: FAKE_BAIDU_USAGE,
      });
      return;
    }
    startSse(response);
    FAKE_BAIDU_PIECES.forEach((piece, index) => {
      const last = index === FAKE_BAIDU_PIECES.length - 1;
      const frame = {
        ...base,
        sentence_id: index,
        is_end: last,
        is_truncated: false,
        result: piece,
        need_clear_history: false,
        ...(last ? { finish_reason: 'normal' } : {}),
        usage: last ? FAKE_BAIDU_USAGE : { prompt_tokens: 13, completion_tokens: 0, total_tokens: 13 },
      };
      response.write(`data: ${JSON.stringify(frame)}\n\n`);
    });
    response.end();
  };
  const vendor = await startFakeVendor(route);
  const fake = Object.defineProperty(vendor, 'exchanges', { get: () => exchanges }) as FakeBaidu;
  fake.revokeTokens = () => valid.clear();
  return fake;
}
