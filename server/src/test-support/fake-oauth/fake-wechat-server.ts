/**
 * A fake WeChat server (the companion service behind the official account): `GET /api/wechat/user?code=`
 * with the configured token in `Authorization` turns a code the account sent a follower into their
 * openid, once.
 */
import { type HttpFake, sendJson, startHttpFake } from './http-fake.ts';

export interface FakeWeChatServer extends HttpFake {
  /** The verification code the official account would send to the follower `openId`. */
  issueCode(openId: string): string;
}

export async function startFakeWeChatServer(token: string): Promise<FakeWeChatServer> {
  const codes = new Map<string, string>();
  let counter = 100000;
  const fake = await startHttpFake((request, response, url) => {
    if (request.method !== 'GET' || url.pathname !== '/api/wechat/user') {
      sendJson(response, 404, { success: false, message: 'not found' });
      return;
    }
    if (request.headers.authorization !== token) {
      sendJson(response, 200, { success: false, message: 'No permission: the token is invalid' });
      return;
    }
    const code = url.searchParams.get('code') ?? '';
    const openId = codes.get(code);
    if (!openId) {
      sendJson(response, 200, { success: false, message: 'The verification code is wrong or has expired' });
      return;
    }
    codes.delete(code);
    sendJson(response, 200, { success: true, message: '', data: openId });
  });
  return {
    ...fake,
    issueCode(openId) {
      counter += 7;
      const code = String(counter);
      codes.set(code, openId);
      return code;
    },
  };
}
