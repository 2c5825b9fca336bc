/** Messages of the wallet: online top-up, payment notifications, invitation transfers. */
import type { MessageTable } from '../../lib/messages.ts';

export const walletMessages = {
  'wallet.topup_disabled': {
    en: 'The administrator has not enabled online top-up',
    zh: '管理员未开启在线充值',
  },
  'wallet.amount_too_small': { en: 'Top-up amount cannot be less than {min}', zh: '充值数量不能小于 {min}' },
  'wallet.amount_invalid': { en: 'The amount must be a whole number', zh: '充值数量必须是整数' },
  'wallet.method_invalid': { en: 'Unknown payment method', zh: '不支持的支付方式' },
  'wallet.server_address_missing': {
    en: 'The server address is not configured; the administrator must set it before online payment',
    zh: '未配置服务器地址，管理员需先设置服务器地址才能使用在线支付',
  },
  'wallet.aff_insufficient': { en: 'Not enough invitation earnings', zh: '邀请额度不足' },
} as const satisfies MessageTable;

/** Makes these keys `MessageKey`s; server/src/app.ts registers the table. */
declare module '../../lib/messages.ts' {
  interface MessageTables {
    wallet: typeof walletMessages;
  }
}
