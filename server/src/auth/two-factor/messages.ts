/** Reply texts of two-factor sign-in and passkeys; server/src/api/security/routes.ts registers them at boot. */
export const securityMessages = {
  'twofa.already_enabled': {
    en: 'Two-factor authentication is already on; turn it off before setting it up again',
    zh: '用户已启用2FA，请先禁用后重新设置',
  },
  'twofa.setup_first': { en: 'Set up two-factor authentication first', zh: '请先完成2FA初始化设置' },
  'twofa.not_enabled': { en: 'Two-factor authentication is not on', zh: '用户未启用2FA' },
  'twofa.code_format': { en: 'The code must be six digits', zh: '验证码必须是6位数字' },
  'twofa.code_wrong': { en: 'The code or backup code is wrong, try again', zh: '验证码或备用码错误，请重试' },
  'twofa.locked': {
    en: 'Too many wrong codes; try again after {until}',
    zh: '错误次数过多，请在{until}后重试',
  },
  'twofa.login_expired': {
    en: 'The sign-in has expired, please sign in again',
    zh: '会话已过期，请重新登录',
  },
  'twofa.enter_code': { en: 'Enter your two-factor code', zh: '请输入两步验证码' },
  'twofa.rank': {
    en: 'You cannot change the two-factor settings of a user of your role or above',
    zh: '无权操作同级或更高级用户的2FA设置',
  },
  'verify.required': {
    en: 'Confirm it is you first: enter a two-factor code or use a passkey',
    zh: '请先进行安全验证：输入两步验证码或使用 Passkey',
  },
  'verify.method': { en: 'Unknown verification method', zh: '不支持的验证方式' },
  'verify.no_factor': {
    en: 'Turn on two-factor authentication or add a passkey first (Personal settings → Security)',
    zh: '请先启用两步验证或添加 Passkey（个人设置 → 安全设置）',
  },
  'twofa.admin_required': {
    en: 'Administrators must turn on two-factor authentication or add a passkey first (Personal settings → Security)',
    zh: '管理员必须先启用两步验证或添加 Passkey（个人设置 → 安全设置）',
  },
  'passkey.disabled': {
    en: 'The administrator has not turned on passkeys',
    zh: '管理员未启用 Passkey 登录',
  },
  'passkey.ceremony_expired': {
    en: 'The passkey request has expired, please try again',
    zh: 'Passkey 请求已过期，请重试',
  },
  'passkey.verification_failed': {
    en: 'Passkey verification failed, try again or contact the administrator',
    zh: 'Passkey 验证失败，请重试或联系管理员',
  },
  'passkey.not_found': { en: 'No such passkey', zh: '未找到该 Passkey' },
  'passkey.origin_unknown': {
    en: 'The site address is unknown; set ServerAddress or passkey.rp_id',
    zh: '无法确定站点地址，请设置服务器地址或 passkey.rp_id',
  },
  'passkey.origin_insecure': {
    en: 'Passkeys need an https address (or turn on passkey.allow_insecure_origin)',
    zh: 'Passkey 需要 https 地址（或开启 passkey.allow_insecure_origin）',
  },
} as const;

declare module '../../lib/messages.ts' {
  interface MessageTables {
    security: typeof securityMessages;
  }
}
