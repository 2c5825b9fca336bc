/**
 * Messages of the token API and of key authentication, in both console languages, and of the `limits` field
 * of the token, user and channel forms (./limits-fields.ts).
 */
import type { MessageTable } from '../../lib/messages.ts';

export const tokenMessages = {
  'token.name_required': { en: 'Token name cannot be empty', zh: '令牌名称不能为空' },
  'token.name_too_long': {
    en: 'Token name is too long (at most {max} characters)',
    zh: '令牌名称过长（最多 {max} 个字符）',
  },
  'token.quota_invalid': {
    en: 'Quota must be a whole number of at least 0',
    zh: '额度必须是不小于 0 的整数',
  },
  'token.expiry_invalid': { en: 'Expiry time format error!', zh: '过期时间格式错误！' },
  'token.group_unusable': { en: 'You cannot use group "{group}"', zh: '无权使用分组「{group}」' },
  'token.allow_ips_invalid': {
    en: 'Not an IP address or CIDR: {entries}',
    zh: '不是合法的 IP 地址或 CIDR：{entries}',
  },
  'token.not_found': { en: 'Token not found', zh: '令牌不存在' },
  'token.expired_cannot_enable': {
    en: 'The token has expired and cannot be enabled; change its expiry time or set it to never expire first',
    zh: '令牌已过期，无法启用，请先修改令牌过期时间，或者设置为永不过期',
  },
  'token.exhausted_cannot_enable': {
    en: 'The token quota is used up and it cannot be enabled; change its remaining quota or make it unlimited first',
    zh: '令牌可用额度已用尽，无法启用，请先修改令牌剩余额度，或者设置为无限额度',
  },
  'token.model_limits_empty': {
    en: 'Choose at least one model when model limits are on',
    zh: '开启模型限制时请至少选择一个模型',
  },
  'token.status_invalid': {
    en: 'Status must be 1 (enabled) or 2 (disabled)',
    zh: '状态只能是 1（启用）或 2（禁用）',
  },
  // Traffic limits of a key, a user or a channel (./limits-fields.ts); {field} names the refused field.
  'limits.not_object': {
    en: '{field} must be an object of limits (rpm, tpm, rpd, tpd, concurrency, budget, budget_period, timezone)',
    zh: '{field} 必须是一组限制（rpm、tpm、rpd、tpd、concurrency、budget、budget_period、timezone）',
  },
  'limits.not_whole': {
    en: '{field} must be a whole number of at least 0 (0 means no limit)',
    zh: '{field} 必须是不小于 0 的整数（0 表示不限制）',
  },
  'limits.period': {
    en: '{field} must be day, week or month',
    zh: '{field} 只能是 day、week 或 month',
  },
  'limits.timezone': {
    en: '{field} is not a known time zone (an IANA name such as Asia/Shanghai, or UTC)',
    zh: '{field} 不是有效的时区（应为 IANA 时区名称，如 Asia/Shanghai，或 UTC）',
  },
  'limits.unknown_field': {
    en: '{field} is not a limit (rpm, tpm, rpd, tpd, concurrency, budget, budget_period, timezone)',
    zh: '{field} 不是可设置的限制（rpm、tpm、rpd、tpd、concurrency、budget、budget_period、timezone）',
  },
} as const satisfies MessageTable;

/** Makes these keys `MessageKey`s; server/src/app.ts registers the table. */
declare module '../../lib/messages.ts' {
  interface MessageTables {
    tokens: typeof tokenMessages;
  }
}
