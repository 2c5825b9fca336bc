/** Messages of third-party login (OAuth, WeChat, Telegram) and of the Turnstile bot check. */
import type { MessageTable } from '../../lib/messages.ts';

export const oauthMessages = {
  'oauth.state_invalid': {
    en: 'The login request is invalid or has expired, please start the login again',
    zh: '登录请求无效或已过期，请重新发起登录',
  },
  'oauth.code_missing': { en: 'The authorization code is missing', zh: '缺少授权码' },
  'oauth.github_disabled': {
    en: 'The administrator has not enabled login and registration via GitHub',
    zh: '管理员未开启通过 GitHub 登录以及注册',
  },
  'oauth.oidc_disabled': {
    en: 'The administrator has not enabled login and registration via OIDC',
    zh: '管理员未开启通过 OIDC 登录以及注册',
  },
  'oauth.linuxdo_disabled': {
    en: 'The administrator has not enabled login and registration via Linux DO',
    zh: '管理员未开启通过 Linux DO 登录以及注册',
  },
  'oauth.wechat_disabled': {
    en: 'The administrator has not enabled login and registration via WeChat',
    zh: '管理员未开启通过微信登录以及注册',
  },
  'oauth.telegram_disabled': {
    en: 'The administrator has not enabled login and registration via Telegram',
    zh: '管理员未开启通过 Telegram 登录以及注册',
  },
  'oauth.code_refused': {
    en: '{provider} refused the authorization code; it may have expired, please log in again',
    zh: '{provider} 拒绝了授权码，授权码可能已过期，请重新登录',
  },
  'oauth.provider_unavailable': {
    en: 'Could not reach {provider}, please try again later',
    zh: '无法连接 {provider}，请稍后再试',
  },
  'oauth.user_invalid': {
    en: '{provider} returned no usable account information, please try again later',
    zh: '{provider} 未返回有效的用户信息，请稍后重试',
  },
  'oauth.identity_taken': {
    en: 'This {provider} account is already bound to another user',
    zh: '该 {provider} 账户已被其他用户绑定',
  },
  'oauth.linuxdo_inactive': {
    en: 'This Linux DO account is not activated',
    zh: '该 Linux DO 账户尚未激活',
  },
  'oauth.wechat_code_invalid': {
    en: 'The verification code is wrong or has expired',
    zh: '验证码错误或已过期',
  },
  'oauth.telegram_invalid': {
    en: 'The Telegram login data failed verification',
    zh: 'Telegram 登录数据校验失败',
  },
  'oauth.telegram_expired': {
    en: 'The Telegram login data has expired, please log in again',
    zh: 'Telegram 登录数据已过期，请重新登录',
  },
  'turnstile.missing': {
    en: 'Please retry in a few seconds, the bot check is running',
    zh: '请稍后几秒重试，Turnstile 正在检查用户环境',
  },
  'turnstile.failed': {
    en: 'The bot check failed, please refresh the page and try again',
    zh: 'Turnstile 校验失败，请刷新页面重试',
  },
} as const satisfies MessageTable;

/** Makes these keys `MessageKey`s; server/src/app.ts registers the table. */
declare module '../../lib/messages.ts' {
  interface MessageTables {
    oauth: typeof oauthMessages;
  }
}
