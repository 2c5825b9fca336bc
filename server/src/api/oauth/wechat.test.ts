import { describe, expect, it } from 'vitest';
import type { SessionUser, UserView } from '../../../../common/api-types.ts';
import { BrowserClient } from '../../test-support/fake-oauth/browser.ts';
import { startFakeWeChatServer } from '../../test-support/fake-oauth/fake-wechat-server.ts';
import { setOptions } from '../../test-support/test-server.ts';
import { setUpResource, setUpSite } from '../../test-support/test-site.ts';

const SERVER_TOKEN = 'wechat-server-token-value';
const CODE_REFUSED = 'The verification code is wrong or has expired';

describe('WeChat login', () => {
  const weChat = setUpResource(() => startFakeWeChatServer(SERVER_TOKEN));
  const { server, root } = setUpSite({
    options: () => ({
      WeChatServerAddress: weChat.url,
      WeChatServerToken: SERVER_TOKEN,
      WeChatAuthEnabled: 'true',
    }),
  });

  it('creates a user for a new openid and logs the same user in afterwards', async () => {
    const browser = new BrowserClient(server.url);
    const first = await browser.get<SessionUser>('/api/oauth/wechat', {
      code: weChat.issueCode('openid-alice'),
    });
    expect(first.body).toMatchObject({ success: true, data: { display_name: 'WeChat User' } });
    expect(first.body.data?.username).toMatch(/^wechat_[a-z0-9]{4}$/);
    expect((await browser.get<UserView>('/api/user/self')).body.data?.wechat_id).toBe('openid-alice');
    const again = await new BrowserClient(server.url).get<SessionUser>('/api/oauth/wechat', {
      code: weChat.issueCode('openid-alice'),
    });
    expect(again.body.data?.id).toBe(first.body.data?.id);
  });

  it('refuses a wrong, reused or empty code', async () => {
    const browser = new BrowserClient(server.url);
    expect((await browser.get('/api/oauth/wechat', { code: '999999' })).body).toEqual({
      success: false,
      message: CODE_REFUSED,
    });
    const code = weChat.issueCode('openid-bob');
    expect((await browser.get('/api/oauth/wechat', { code })).body.success).toBe(true);
    expect((await new BrowserClient(server.url).get('/api/oauth/wechat', { code })).body.message).toBe(
      CODE_REFUSED,
    );
    expect((await new BrowserClient(server.url).get('/api/oauth/wechat')).body.message).toBe(
      'The authorization code is missing',
    );
  });

  it('is refused by the WeChat server without the right token', async () => {
    await setOptions(root, { WeChatServerToken: 'wrong-token' });
    try {
      const reply = await new BrowserClient(server.url).get('/api/oauth/wechat', {
        code: weChat.issueCode('openid-carol'),
      });
      expect(reply.body).toEqual({ success: false, message: CODE_REFUSED });
    } finally {
      await setOptions(root, { WeChatServerToken: SERVER_TOKEN });
    }
  });

  it('binds only for a logged-in user and refuses an openid bound to someone else', async () => {
    const anonymous = await new BrowserClient(server.url).get('/api/oauth/wechat/bind', {
      code: weChat.issueCode('openid-dave'),
    });
    expect(anonymous.status).toBe(401);
    await root.post('/api/user/', { username: 'dave', password: 'password-123', display_name: 'dave' });
    const dave = new BrowserClient(server.url);
    await dave.login('dave', 'password-123');
    const bound = await dave.get('/api/oauth/wechat/bind', { code: weChat.issueCode('openid-dave') });
    expect(bound.body).toEqual({ success: true, message: 'bind' });
    expect((await dave.get<UserView>('/api/user/self')).body.data?.wechat_id).toBe('openid-dave');
    const taken = await dave.get('/api/oauth/wechat/bind', { code: weChat.issueCode('openid-alice') });
    expect(taken.body).toEqual({
      success: false,
      message: 'This WeChat account is already bound to another user',
    });
  });

  it('refuses while WeChat login is disabled, and reports an unreachable WeChat server', async () => {
    await setOptions(root, { WeChatAuthEnabled: 'false' });
    const disabled = await new BrowserClient(server.url).get('/api/oauth/wechat', { code: '123456' });
    expect(disabled.body).toEqual({
      success: false,
      message: 'The administrator has not enabled login and registration via WeChat',
    });
    await setOptions(root, { WeChatServerAddress: 'http://127.0.0.1:1', WeChatAuthEnabled: 'true' });
    const unreachable = await new BrowserClient(server.url).get('/api/oauth/wechat', { code: '123456' });
    expect(unreachable.body).toEqual({
      success: false,
      message: 'Could not reach WeChat, please try again later',
    });
    await setOptions(root, { WeChatServerAddress: weChat.url });
  });
});
