/**
 * A fake Zhipu v3 model API (`/api/paas/v3/model-api/<model>/invoke` and `/sse-invoke`) that verifies the
 * token in `Authorization` as Zhipu does: a JWT whose header is HS256 with `sign_type: SIGN`, whose
 * `api_key` claim names a known id, whose HMAC-SHA256 signature matches that id's secret (recomputed here),
 * and whose millisecond `exp` is in the future. Replies JSON-quote the content; streams send `add` events
 * of raw text and a `finish` event with the usage in its `meta:` field.
 */
import { createHmac } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor, startSse } from './http.ts';

export const FAKE_ZHIPU_ID = 'fakezhipuid';
export const FAKE_ZHIPU_SECRET = 'fakezhipusecret';
export const FAKE_ZHIPU_PIECES = ['Hello', ' from', ' ChatGLM'];
export const FAKE_ZHIPU_USAGE = { prompt_tokens: 17, completion_tokens: 5, total_tokens: 22 };

function tokenProblem(token: string | undefined): string | null {
  const parts = (token ?? '').split('.');
  if (parts.length !== 3) return 'not a JWT';
  const [header, claims, signature] = parts as [string, string, string];
  let head: Record<string, unknown>;
  let body: Record<string, unknown>;
  try {
    head = JSON.parse(Buffer.from(header, 'base64url').toString('utf8'));
    body = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
  } catch {
    return 'undecodable JWT';
  }
  if (head.alg !== 'HS256' || head.sign_type !== 'SIGN') return 'wrong JWT header';
  if (body.api_key !== FAKE_ZHIPU_ID) return 'unknown api_key';
  const expected = createHmac('sha256', FAKE_ZHIPU_SECRET).update(`${header}.${claims}`).digest('base64url');
  if (signature !== expected) return 'bad signature';
  if (typeof body.exp !== 'number' || body.exp < Date.now()) return 'token expired';
  if (typeof body.timestamp !== 'number' || body.timestamp > Date.now() + 60_000) return 'bad timestamp';
  return null;
}

export async function startFakeZhipuV3(): Promise<FakeVendor> {
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    const match = /^\/api\/paas\/v3\/model-api\/([\w.-]+)\/(invoke|sse-invoke)$/.exec(request.path);
    if (!match || request.method !== 'POST') {
      sendJson(response, 404, { code: 404, msg: 'not found', success: false });
      return;
    }
    const problem = tokenProblem(request.headers.authorization);
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
    for (const piece of pieces) response.write(`event:add\nid:task-1\ndata:${piece}\n\n`);
    const meta = { task_status: 'SUCCESS', usage: FAKE_ZHIPU_USAGE, task_id: 'task-1', request_id: 'req-1' };
    response.write(`event:finish\nid:task-1\ndata:${last}\nmeta:${JSON.stringify(meta)}\n\n`);
    response.end();
  };
  return startFakeVendor(route);
}
