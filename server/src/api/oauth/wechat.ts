/**
 * WeChat login through a WeChat server (the companion service that owns the official account): the
 * visitor types the code the account sent them, and `GET <WeChatServerAddress>/api/wechat/user?code=`
 * with `Authorization: <WeChatServerToken>` answers `{success, message, data: openid}`. The identity
 * is the openid.
 */
import type { AppContext } from '../../context.ts';
import { businessFailure } from '../../lib/errors.ts';
import type { ExternalIdentity } from './account-linking.ts';
import { callExternal, logRefusal } from './external-http.ts';

const PROVIDER = 'WeChat';
const codePattern = /^[A-Za-z0-9]{1,64}$/;

export function weChatEnabled(context: AppContext): boolean {
  return context.options.getBoolean('WeChatAuthEnabled');
}

export async function weChatIdentity(context: AppContext, rawCode: string): Promise<ExternalIdentity> {
  const code = rawCode.trim();
  if (code === '') throw businessFailure('oauth.code_missing');
  if (!codePattern.test(code)) throw businessFailure('oauth.wechat_code_invalid');
  const address = context.options.get('WeChatServerAddress');
  if (address === '') throw businessFailure('oauth.provider_unavailable', { provider: PROVIDER });
  const call = {
    provider: PROVIDER,
    method: 'GET' as const,
    url: `${address}/api/wechat/user?code=${encodeURIComponent(code)}`,
    headers: { authorization: context.options.get('WeChatServerToken') },
  };
  const reply = await callExternal(context, call);
  const body = reply.body as { success?: unknown; data?: unknown } | null;
  if (reply.status >= 400 || body === null || typeof body !== 'object') {
    logRefusal(context, call, reply);
    throw businessFailure('oauth.provider_unavailable', { provider: PROVIDER });
  }
  const openId = typeof body.data === 'string' ? body.data.trim() : '';
  if (body.success !== true || openId === '') throw businessFailure('oauth.wechat_code_invalid');
  return { provider: 'wechat', id: openId, username: '', displayName: 'WeChat User', email: '' };
}
