/** Messages of the redemption-code API and of redeeming a code, in both console languages. */
import type { MessageTable } from '../../lib/messages.ts';

export const redemptionMessages = {
  'redemption.name_length': {
    en: 'The redemption code name must be 1 to {max} characters long',
    zh: '兑换码名称长度必须在 1-{max} 个字符之间',
  },
  'redemption.quota_invalid': {
    en: 'The quota must be a positive whole number',
    zh: '额度必须是正整数',
  },
  'redemption.count_invalid': {
    en: 'The number of codes must be a whole number from 1 to {max}',
    zh: '兑换码个数必须是 1-{max} 之间的整数',
  },
  'redemption.not_found': { en: 'Redemption code not found', zh: '兑换码不存在' },
  'redemption.edit_not_unused': {
    en: 'Only unused redemption codes can be edited',
    zh: '只能编辑未使用的兑换码',
  },
  'redemption.status_invalid': {
    en: 'Status must be 1 (unused) or 2 (disabled)',
    zh: '状态只能是 1（未使用）或 2（已禁用）',
  },
  'redemption.used_status_fixed': {
    en: 'This redemption code has already been used: it cannot be enabled or disabled',
    zh: '该兑换码已被使用，无法启用或禁用',
  },
  'redemption.key_required': { en: 'Please enter redemption code!', zh: '请输入兑换码！' },
  'redemption.invalid': { en: 'Invalid redemption code', zh: '无效的兑换码' },
  'redemption.expired': { en: 'This redemption code has expired', zh: '该兑换码已过期' },
} as const satisfies MessageTable;

/** Makes these keys `MessageKey`s; server/src/app.ts registers the table. */
declare module '../../lib/messages.ts' {
  interface MessageTables {
    redemptions: typeof redemptionMessages;
  }
}
