/**
 * The Hunyuan adaptor's TC3-HMAC-SHA256 signature (./tc3.ts, ./index.ts) agrees with Tencent's own signer
 * (tencentcloud-sdk-nodejs-common `Sign.sign3`) over the same body, host, content type and timestamp.
 */
import { createRequire } from 'node:module';
import type TencentSign from 'tencentcloud-sdk-nodejs-common/tencentcloud/common/sign.js';
import { describe, expect, it } from 'vitest';
import { hunyuanAdaptor } from './index.ts';
import { tc3Authorization } from './tc3.ts';

const Sign = (
  createRequire(import.meta.url)('tencentcloud-sdk-nodejs-common/tencentcloud/common/sign.js') as {
    default: typeof TencentSign;
  }
).default;

const tencent = (url: string, payload: string, timestamp: number, secretKey = 'fake-secret-key') =>
  Sign.sign3({
    method: 'POST',
    url,
    payload: Buffer.from(payload, 'utf8'),
    timestamp,
    service: 'hunyuan',
    secretId: 'AKIDfake',
    secretKey,
    multipart: false,
    boundary: '',
    headers: { 'Content-Type': 'application/json' },
  });

describe('TC3 signatures', () => {
  it.each([
    ['{"Model":"hunyuan-lite","Messages":[{"Role":"user","Content":"你好🙂"}],"Stream":false}', 1713507837],
    ['{}', 1_700_000_000],
    ['{"Model":"m","Messages":[]}', 1_767_225_599],
  ])('sign %s at %i as Tencent does', (payload, timestamp) => {
    expect(
      tc3Authorization({
        secretId: 'AKIDfake',
        secretKey: 'fake-secret-key',
        service: 'hunyuan',
        host: 'hunyuan.tencentcloudapi.com',
        payload,
        timestamp,
      }),
    ).toBe(tencent('https://hunyuan.tencentcloudapi.com/', payload, timestamp));
  });

  it("are made by the adaptor over the exact body, with the host name of the channel's address", () => {
    const channel = {
      key: '1300000000|AKIDfake|fake-secret-key',
      baseUrl: 'http://127.0.0.1:8443',
    } as Parameters<typeof hunyuanAdaptor.buildRequest>[0]['channel'];
    const request = hunyuanAdaptor.buildRequest({
      channel,
      endpoint: 'chat',
      body: { Messages: [{ Role: 'user', Content: '你好' }], Stream: false },
      upstreamModel: 'hunyuan-lite',
      stream: false,
    })!;
    const timestamp = Number(request.headers['x-tc-timestamp']);
    expect(request.headers).toMatchObject({ 'x-tc-action': 'ChatCompletions', 'x-tc-version': '2023-09-01' });
    expect(request.headers.authorization).toBe(tencent(request.url, String(request.body), timestamp));
    expect(request.headers.authorization).not.toBe(
      tencent(request.url, String(request.body), timestamp, 'another-secret'),
    );
  });
});
