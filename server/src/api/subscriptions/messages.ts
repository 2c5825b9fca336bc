/**
 * Messages of subscription plans and users' subscriptions (docs/subscriptions.md), in both console
 * languages. Registered here, when the routes are loaded (./routes.ts imports this file).
 */
import { type MessageTable, registerMessages } from '../../lib/messages.ts';

export const subscriptionMessages = {
  'subscription.plan_not_found': { en: 'Subscription plan not found', zh: '订阅套餐不存在' },
  'subscription.plan_disabled': { en: 'This subscription plan is not on sale', zh: '该订阅套餐未启用' },
  'subscription.title_required': {
    en: 'The plan title must be 1 to 128 characters long',
    zh: '套餐标题长度必须在 1-128 个字符之间',
  },
  'subscription.items_required': {
    en: 'A plan needs at least one model allowance',
    zh: '套餐至少需要配置一个模型权益',
  },
  'subscription.item_invalid': {
    en: 'Allowance {index}: the model name must be 1 to 128 characters and the amount a whole number above 0',
    zh: '第 {index} 项权益：模型名称长度需为 1-128 个字符，数量必须是大于 0 的整数',
  },
  'subscription.item_duplicate': {
    en: 'Allowance {index}: model {model} with this type is listed twice',
    zh: '第 {index} 项权益：模型 {model} 的同类权益重复',
  },
  'subscription.period_invalid': {
    en: 'The period is not valid: a whole number of years, months, days or hours above 0, or custom seconds above 0',
    zh: '有效期无效：年、月、日、小时数须为大于 0 的整数，自定义秒数须大于 0',
  },
  'subscription.price_invalid': {
    en: 'The price must be a number from 0 to 1000000 with at most 6 decimals',
    zh: '价格必须是 0 到 1000000 之间、最多 6 位小数的数字',
  },
  'subscription.user_not_found': { en: 'User not found', zh: '用户不存在' },
  'subscription.not_found': { en: 'Subscription not found', zh: '订阅不存在' },
  'subscription.insufficient_balance': {
    en: 'Your balance ({balance}) cannot pay for this plan ({price})',
    zh: '余额（{balance}）不足以购买该套餐（{price}）',
  },
  'subscription.bought': { en: 'Subscription bought', zh: '订阅购买成功' },
} as const satisfies MessageTable;

registerMessages(subscriptionMessages);

/** Makes these keys `MessageKey`s. */
declare module '../../lib/messages.ts' {
  interface MessageTables {
    subscriptions: typeof subscriptionMessages;
  }
}
