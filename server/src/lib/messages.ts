/**
 * Server messages in both console languages. The console sends Accept-Language (its i18nextLng);
 * anything not starting with "en" gets Chinese, the product's default language.
 *
 * This file holds the core messages and the catalogue. Each feature keeps its own table next to its code
 * (e.g. api/channels/messages.ts), names it in `MessageTables` below by declaration merging (so its keys
 * are `MessageKey`s), and server/src/app.ts registers the tables at boot: lib/ never imports a feature.
 */

/** One message in both languages; `{name}` placeholders are filled from the params. */
export interface MessageEntry {
  readonly en: string;
  readonly zh: string;
}

export type MessageTable = Readonly<Record<string, MessageEntry>>;

const coreMessages = {
  'common.invalid_request': { en: 'Invalid request: {detail}', zh: '请求参数错误：{detail}' },
  'common.invalid_id': { en: 'Invalid id', zh: '无效的 ID' },
  'common.not_found': { en: 'Not found', zh: '未找到' },
  'common.body_too_large': { en: 'Request body is too large', zh: '请求体过大' },
  'common.rate_limited': { en: 'Too many requests, try again later', zh: '请求过于频繁，请稍后再试' },
  'common.internal': {
    en: 'Internal server error, contact the administrator',
    zh: '服务器内部错误，请联系管理员',
  },
  'auth.not_logged_in': {
    en: 'Not logged in or login expired, please log in again',
    zh: '未登录或登录已过期，请重新登录',
  },
  'auth.user_header_missing': { en: 'Missing New-Api-User header', zh: '未提供 New-Api-User 请求头' },
  'auth.user_header_mismatch': {
    en: 'New-Api-User header does not match the logged-in user',
    zh: 'New-Api-User 与登录用户不匹配',
  },
  'auth.invalid_access_token': { en: 'Invalid system access token', zh: '无效的系统访问令牌' },
  'auth.user_banned': { en: 'This user has been banned', zh: '用户已被封禁' },
  'auth.forbidden': { en: 'Permission denied', zh: '无权进行此操作，权限不足' },
  'user.login_missing': { en: 'Please enter username and password', zh: '请输入用户名和密码' },
  'user.login_failed': {
    en: 'Username or password is wrong, or the user has been banned',
    zh: '用户名或密码错误，或用户已被封禁',
  },
  'user.password_login_disabled': {
    en: 'The administrator has turned off password login',
    zh: '管理员关闭了密码登录',
  },
  'user.register_disabled': {
    en: 'The administrator has turned off new user registration',
    zh: '管理员关闭了新用户注册',
  },
  'user.password_register_disabled': {
    en: 'The administrator has turned off registration by password; please register with a third-party account',
    zh: '管理员关闭了通过密码进行注册，请使用第三方账户验证的形式进行注册',
  },
  'user.self_use_mode': { en: 'Registration is closed in self-use mode', zh: '自用模式下不开放注册' },
  'user.username_required': { en: 'Username cannot be empty', zh: '用户名不能为空' },
  'user.username_invalid': {
    en: 'Username may not contain "@" or control characters',
    zh: '用户名不能包含 "@" 或控制字符',
  },
  'user.role_invalid': {
    en: 'Role must be 1 (user), 10 (administrator) or 100 (root)',
    zh: '角色只能是 1（普通用户）、10（管理员）或 100（超级管理员）',
  },
  'user.username_too_long': {
    en: 'Username must be at most {max} characters',
    zh: '用户名长度不能超过 {max} 个字符',
  },
  'user.display_name_too_long': {
    en: 'Display name must be at most {max} characters',
    zh: '显示名称长度不能超过 {max} 个字符',
  },
  'user.username_password_required': {
    en: 'Username and password cannot be empty',
    zh: '用户名和密码不能为空',
  },
  'user.password_too_short': {
    en: 'Password length must not be less than {min}',
    zh: '密码长度不得小于 {min} 位',
  },
  'user.password_too_long': {
    en: 'Password must be at most {max} characters',
    zh: '密码长度不能超过 {max} 位',
  },
  'user.password_mismatch': { en: 'The two passwords entered differ', zh: '两次输入的密码不一致' },
  'user.original_password_wrong': { en: 'The current password is wrong', zh: '原密码错误' },
  'user.username_taken': {
    en: 'Username already exists or has been cancelled',
    zh: '用户名已存在，或已注销',
  },
  'user.email_invalid': { en: 'Invalid email address', zh: '无效的邮箱地址' },
  'user.email_verification_required': {
    en: 'Email verification is required: enter your email and verification code',
    zh: '管理员开启了邮箱验证，请输入邮箱地址和验证码',
  },
  'user.verification_code_wrong': {
    en: 'Verification code is wrong or has expired',
    zh: '验证码错误或已过期',
  },
  'user.identity_taken': {
    en: 'This account is already bound to another user',
    zh: '该账户已绑定到其他用户',
  },
  'user.not_found': { en: 'User not found', zh: '用户不存在' },
  'user.cancelled': { en: 'This user has been cancelled', zh: '该用户已注销' },
  'user.quota_invalid': { en: 'Quota must be a whole number', zh: '额度必须是整数' },
  'user.group_invalid': { en: 'Group "{group}" does not exist', zh: '分组「{group}」不存在' },
  'user.invalid_action': { en: 'Invalid action', zh: '无效的操作' },
  'rank.read': {
    en: 'You cannot read users of the same or higher level',
    zh: '无权获取同级或更高等级用户的信息',
  },
  'rank.update': {
    en: 'You cannot update users of the same or higher level',
    zh: '无权更新同权限等级或更高权限等级的用户信息',
  },
  'rank.create': {
    en: 'You cannot create users of the same or higher level',
    zh: '无法创建权限大于等于自己的用户',
  },
  'rank.promote_admin': {
    en: 'A regular administrator cannot promote other users to administrator',
    zh: '普通管理员用户无法提升其他用户为管理员',
  },
  'rank.root_disable': { en: 'The super administrator cannot be disabled', zh: '无法禁用超级管理员用户' },
  'rank.root_delete': { en: 'The super administrator cannot be deleted', zh: '无法删除超级管理员用户' },
  'rank.root_demote': { en: 'The super administrator cannot be demoted', zh: '无法降级超级管理员用户' },
  'rank.already_admin': { en: 'This user is already an administrator', zh: '该用户已经是管理员' },
  'rank.already_common': { en: 'This user is already a normal user', zh: '该用户已经是普通用户' },
  'setup.done': { en: 'The system has already been initialized', zh: '系统已经初始化完成' },
  'setup.username_required': { en: 'Username cannot be empty', zh: '用户名不能为空' },
  'setup.password_too_short': {
    en: 'Password length must not be less than {min}',
    zh: '密码长度不得小于 {min} 位',
  },
  'setup.password_mismatch': { en: 'The two passwords entered differ', zh: '两次输入的密码不一致' },
  'setup.mode_conflict': {
    en: 'Choose one usage mode: self-use and demo site cannot both be on',
    zh: '只能选择一种使用模式：自用模式与演示站点不能同时开启',
  },
  'setup.success': { en: 'System initialized', zh: '系统初始化成功' },
  'setting.webhook_https': {
    en: 'The webhook URL must be an https:// address',
    zh: 'Webhook 地址必须以 https:// 开头',
  },
  'aff.transfer_too_small': { en: 'The transfer amount is at least {amount}', zh: '转移额度最小为 {amount}' },
} as const satisfies Record<string, MessageEntry>;

/**
 * Every message table by name, for typing only. A feature adds its table in its messages.ts:
 *
 *     declare module '../../lib/messages.ts' {
 *       interface MessageTables {
 *         channels: typeof channelMessages;
 *       }
 *     }
 */
export interface MessageTables {
  core: typeof coreMessages;
}

export type MessageKey = {
  [Table in keyof MessageTables]: keyof MessageTables[Table] & string;
}[keyof MessageTables];
export type MessageParams = Record<string, string | number>;
export type Language = 'zh' | 'en';

const catalogue = new Map<string, MessageEntry>(Object.entries(coreMessages));

/**
 * Adds feature tables to the catalogue (server/src/app.ts does it once at boot). Registering the same
 * text again is harmless; a key registered with another text is a programming error.
 */
export function registerMessages(...tables: MessageTable[]): void {
  for (const table of tables) {
    for (const [key, entry] of Object.entries(table)) {
      const known = catalogue.get(key);
      if (known && (known.en !== entry.en || known.zh !== entry.zh)) {
        throw new Error(`message ${key} is registered twice with different texts`);
      }
      catalogue.set(key, entry);
    }
  }
}

export function languageOf(acceptLanguage: string | undefined): Language {
  return acceptLanguage?.trim().toLowerCase().startsWith('en') ? 'en' : 'zh';
}

/** True for a key of a registered table. */
export function isMessageKey(code: string): code is MessageKey {
  return catalogue.has(code);
}

/** Renders a catalogue message; unknown codes are returned as they are. */
export function translate(code: string, language: Language, params?: MessageParams): string {
  const template = catalogue.get(code)?.[language] ?? code;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in params ? String(params[name]) : whole,
  );
}

/** The registered messages (a snapshot). */
export function messageCatalogue(): Readonly<Record<string, MessageEntry>> {
  return Object.fromEntries(catalogue);
}
