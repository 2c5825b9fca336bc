/**
 * Zhipu's API tokens (./jwt.ts) as a JWT library reads them (`jose`): HS256 with `sign_type: SIGN`, the
 * id and millisecond times as claims, verified by the secret and by no other; kept until an hour before
 * they expire, signed again after `forgetZhipuToken`.
 */
import { decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { zhipuV3Adaptor } from './index.ts';
import { forgetZhipuToken, zhipuCredentials, zhipuToken } from './jwt.ts';

const secret = (text: string) => new TextEncoder().encode(text);

describe('Zhipu tokens', () => {
  it('are HS256 JWTs of the id with millisecond times, verified by the secret', async () => {
    const now = Date.now();
    const token = await zhipuToken('abc123.s3cr3t', now);
    expect(token).not.toBeNull();
    expect(decodeProtectedHeader(token!)).toEqual({ alg: 'HS256', sign_type: 'SIGN' });
    const { payload } = await jwtVerify(token!, secret('s3cr3t'), { algorithms: ['HS256'] });
    expect(payload).toEqual({ api_key: 'abc123', timestamp: now, exp: now + 24 * 60 * 60_000 });
    await expect(jwtVerify(token!, secret('another'), { algorithms: ['HS256'] })).rejects.toThrow(
      'signature verification failed',
    );
  });

  it('are kept until an hour before they expire, and signed again once forgotten', async () => {
    const now = Date.now();
    const first = await zhipuToken('keep.secret', now);
    expect(await zhipuToken('keep.secret', now + 22 * 60 * 60_000)).toBe(first);
    expect(await zhipuToken('keep.secret', now + 23 * 60 * 60_000 + 1)).not.toBe(first);
    forgetZhipuToken('keep.secret');
    expect(await zhipuToken('keep.secret', now + 1)).not.toBe(first);
  });

  it.each([
    ['id.secret', { id: 'id', secret: 'secret' }],
    [' id.secret ', { id: 'id', secret: 'secret' }],
    ['nodot', null],
    ['.secret', null],
    ['id.', null],
    ['a.b.c', null],
  ])('read %o as %o', async (key, credentials) => {
    expect(zhipuCredentials(key)).toEqual(credentials);
    if (!credentials) expect(await zhipuToken(key)).toBeNull();
  });

  it('are added by the adaptor when the request is authorized', async () => {
    const channel = { key: 'abc123.s3cr3t', baseUrl: '' } as Parameters<
      typeof zhipuV3Adaptor.buildRequest
    >[0]['channel'];
    const request = zhipuV3Adaptor.buildRequest({
      channel,
      endpoint: 'chat',
      body: { prompt: [] },
      upstreamModel: 'chatglm_pro',
      stream: true,
    });
    expect(request?.url).toBe('https://open.bigmodel.cn/api/paas/v3/model-api/chatglm_pro/sse-invoke');
    expect(request?.headers.authorization).toBeUndefined();
    await zhipuV3Adaptor.authorize?.({
      channel,
      request: request!,
      upstream: { requestJson: async () => null },
    });
    await expect(
      jwtVerify(request!.headers.authorization!, secret('s3cr3t'), { algorithms: ['HS256'] }),
    ).resolves.toBeTruthy();
  });
});
