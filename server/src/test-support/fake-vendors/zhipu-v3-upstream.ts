/**
 * A fake Zhipu v3 model API (`/api/paas/v3/model-api/<model>/invoke` and `/sse-invoke`) that verifies the
 * token in `Authorization` as Zhipu does, with a JWT library (`jose`): an HS256 JWT with `sign_type: SIGN`
 * in its header, signed with the secret of the id its `api_key` claim names, whose millisecond `exp` is in
 * the future. Replies JSON-quote the content; streams send `add` events of raw text (written straight
 * after `data:`, so a piece's own leading space follows the colon) and a `finish` event with the usage in
 * its `meta:` field. `spacedFields` writes a space after the colon of the other fields (`event: add`,
 * `id: …`, `meta: {…}`), as SSE allows and some Zhipu deployments do.
 */
import type { ServerResponse } from 'node:http';
import { decodeProtectedHeader, errors, jwtVerify } from 'jose';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor, startSse } from './http.ts';

export const FAKE_ZHIPU_ID = 'fakezhipuid';
export const FAKE_ZHIPU_SECRET = 'fakezhipusecret';
export const FAKE_ZHIPU_PIECES = ['Hello', ' from', ' ChatGLM'];
export const FAKE_ZHIPU_USAGE = { prompt_tokens: 17, completion_tokens: 5, total_tokens: 22 };

export interface FakeZhipuOptions {
  /** Write `event: `, `id: ` and `meta: ` with a space after the colon (data stays raw). */
  spacedFields?: boolean;
}

async function tokenProblem(token: string | undefined): Promise<string | null> {
  let header: ReturnType<typeof decodeProtectedHeader>;
  try {
    header = decodeProtectedHeader(token ?? '');
  } catch {
    return 'not a JWT';
  }
  if (header.alg !== 'HS256' || header.sign_type !== 'SIGN') return 'wrong JWT header';
  let claims: Record<string, unknown>;
  try {
    ({ payload: claims } = await jwtVerify(token ?? '', new TextEncoder().encode(FAKE_ZHIPU_SECRET), {
      algorithms: ['HS256'],
    }));
  } catch (error) {
    return error instanceof errors.JWSSignatureVerificationFailed ? 'bad signature' : 'undecodable JWT';
  }
  if (claims.api_key !== FAKE_ZHIPU_ID) return 'unknown api_key';
  if (typeof claims.exp !== 'number' || claims.exp < Date.now()) return 'token expired';
  if (typeof claims.timestamp !== 'number' || claims.timestamp > Date.now() + 60_000) return 'bad timestamp';
  return null;
}

export async function startFakeZhipuV3(options: FakeZhipuOptions = {}): Promise<FakeVendor> {
  const space = options.spacedFields ? ' ' : '';
  const route = async (request: RecordedVendorRequest, response: ServerResponse) => {
    const match = /^\/api\/paas\/v3\/model-api\/([\w.-]+)\/(invoke|sse-invoke)$/.exec(request.path);
    if (!match || request.method !== 'POST') {
      sendJson(response, 404, { code: 404, msg: 'not found', success: false });
      return;
    }
    const problem = await tokenProblem(request.headers.authorization);
    if (problem) {
      sendJson(response, 401, { code: 1002, msg: `Authorization Token invalid: ${problem}`, success: false });
      return;
    }
    const prompt = request.body.prompt;
    if (!Array.isArray(prompt) || prompt.some((turn) => turn.role !== 'user' && turn.role !== 'assistant')) {
      sendJson(response, 200, { code: 1214, msg: 'prompt roles must be user or assistant', success: false });
      return;
    }
    if (match[2] === 'invoke') {
      sendJson(response, 200, {
        code: 200,
        msg: '操作成功',
        success: true,
        data: {
          request_id: 'req-1',
          task_id: 'task-1',
          task_status: 'SUCCESS',
          choices: [{ role: 'assistant', content: JSON.stringify(` ${FAKE_ZHIPU_PIECES.join('')}`) }],
          usage: FAKE_ZHIPU_USAGE,
        },
      });
      return;
    }
    startSse(response);
    const pieces = [...FAKE_ZHIPU_PIECES];
    const last = pieces.pop()!;
    for (const piece of pieces) response.write(`event:${space}add\nid:${space}task-1\ndata:${piece}\n\n`);
    const meta = { task_status: 'SUCCESS', usage: FAKE_ZHIPU_USAGE, task_id: 'task-1', request_id: 'req-1' };
    response.write(
      `event:${space}finish\nid:${space}task-1\ndata:${last}\nmeta:${space}${JSON.stringify(meta)}\n\n`,
    );
    response.end();
  };
  return startFakeVendor(route);
}
