/** Messages of the wallet: online top-up (Epay, Stripe, Creem), orders, invitation transfers. */
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
  'wallet.amount_too_large': { en: 'Top-up amount cannot be more than {max}', zh: '充值数量不能大于 {max}' },
  'wallet.stripe_key_invalid': { en: 'Invalid Stripe API secret key', zh: '无效的Stripe API密钥' },
  'wallet.checkout_failed': { en: 'Could not start the payment', zh: '拉起支付失败' },
  'wallet.product_missing': { en: 'Choose a product', zh: '请选择产品' },
  'wallet.product_unknown': { en: 'Product not found', zh: '产品不存在' },
  'wallet.order_not_found': { en: 'Top-up order not found', zh: '充值订单不存在' },
  'wallet.order_not_pending': {
    en: 'The order is not pending payment and cannot be completed',
    zh: '订单状态不是待支付，无法补单',
  },
  'wallet.aff_insufficient': { en: 'Not enough invitation earnings', zh: '邀请额度不足' },
} as const satisfies MessageTable;

/** Makes these keys `MessageKey`s; server/src/app.ts registers the table. */
declare module '../../lib/messages.ts' {
  interface MessageTables {
    wallet: typeof walletMessages;
  }
}
