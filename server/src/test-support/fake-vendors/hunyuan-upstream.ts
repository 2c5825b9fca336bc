/**
 * A fake Tencent Hunyuan API (ChatCompletions, version 2023-09-01) that verifies every request's
 * TC3-HMAC-SHA256 signature with Tencent's own signer (tencentcloud-sdk-nodejs-common's `Sign.sign3`, over
 * the raw body, the Host header's host name, the content type and X-TC-Timestamp, with its own copy of the
 * secret) and answers Tencent's error body (HTTP 200, Response.Error) when the signature, the action or the
 * clock is wrong.
 */
import type { ServerResponse } from 'node:http';
import { createRequire } from 'node:module';
import type TencentSign from 'tencentcloud-sdk-nodejs-common/tencentcloud/common/sign.js';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor, startSse } from './http.ts';

/** Tencent's signer (an inner module of the SDK, CommonJS with a default export). */
const Sign = (
  createRequire(import.meta.url)('tencentcloud-sdk-nodejs-common/tencentcloud/common/sign.js') as {
    default: typeof TencentSign;
  }
).default;

export const FAKE_HUNYUAN_SECRET_ID = 'AKIDfakeHunyuan';
export const FAKE_HUNYUAN_SECRET_KEY = 'fake-hunyuan-secret';
export const FAKE_HUNYUAN_PIECES = ['你好！', '我是腾讯', '混元。'];
export const FAKE_HUNYUAN_USAGE = { PromptTokens: 11, CompletionTokens: 9, TotalTokens: 20 };

/** The Authorization Tencent's SDK makes for this request: what the request must carry. */
function expectedAuthorization(request: RecordedVendorRequest, timestamp: number): string {
  const hostname = new URL(`http://${request.headers.host ?? ''}`).hostname;
  return Sign.sign3({
    method: 'POST',
    url: `https://${hostname}${request.path}`,
    payload: Buffer.from(request.raw, 'utf8'),
    timestamp,
    service: 'hunyuan',
    secretId: FAKE_HUNYUAN_SECRET_ID,
    secretKey: FAKE_HUNYUAN_SECRET_KEY,
    multipart: false,
    boundary: '',
    headers: { 'Content-Type': String(request.headers['content-type'] ?? '') },
  });
}

function fail(response: ServerResponse, code: string, message: string): void {
  sendJson(response, 200, { Response: { Error: { Code: code, Message: message }, RequestId: 'req-fail' } });
}

export async function startFakeHunyuan(): Promise<FakeVendor> {
  const route = (request: RecordedVendorRequest, response: ServerResponse) => {
    if (request.method !== 'POST' || request.path !== '/') {
      sendJson(response, 404, { Response: { Error: { Code: 'InvalidAction', Message: 'not found' } } });
      return;
    }
    const timestamp = Number(request.headers['x-tc-timestamp']);
    if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > 300) {
      fail(response, 'AuthFailure.SignatureExpire', 'the request timestamp is out of range');
      return;
    }
    if (request.headers.authorization !== expectedAuthorization(request, timestamp)) {
      fail(response, 'AuthFailure.SignatureFailure', 'the signature does not match');
      return;
    }
    if (
      request.headers['x-tc-action'] !== 'ChatCompletions' ||
      request.headers['x-tc-version'] !== '2023-09-01'
    ) {
      fail(response, 'InvalidAction', 'unknown action or version');
      return;
    }
    const messages = request.body.Messages;
    if (!Array.isArray(messages) || messages.length === 0 || messages.at(-1)?.Role !== 'user') {
      fail(response, 'InvalidParameter', 'Messages must end with a user message');
      return;
    }
    const base = { Id: 'hy-fake', Created: 1_700_000_000, Note: '以上内容为AI生成' };
    if (request.body.Stream !== true) {
      sendJson(response, 200, {
        Response: {
          ...base,
          Choices: [
            { FinishReason: 'stop', Message: { Role: 'assistant', Content: FAKE_HUNYUAN_PIECES.join('') } },
          ],
          Usage: FAKE_HUNYUAN_USAGE,
          RequestId: 'req-1',
        },
      });
      return;
    }
    startSse(response);
    FAKE_HUNYUAN_PIECES.forEach((piece, index) => {
      const last = index === FAKE_HUNYUAN_PIECES.length - 1;
      const frame = {
        ...base,
        Choices: [{ FinishReason: last ? 'stop' : '', Delta: { Role: 'assistant', Content: piece } }],
        Usage: last
          ? FAKE_HUNYUAN_USAGE
          : { PromptTokens: 11, CompletionTokens: index + 1, TotalTokens: 12 + index },
      };
      response.write(`data: ${JSON.stringify(frame)}\n\n`);
    });
    response.end();
  };
  return startFakeVendor(route);
}
