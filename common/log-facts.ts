/**
 * The facts behind the sentence of a log row. Every row the server writes keeps them in its `other`
 * JSON as `content_key` and `content_params`, so that the console can say the sentence in the reader's
 * language (web/src/pages/logs/log-content.ts). The `content` column still holds the sentence, in the
 * site's default language (Chinese), for readers that only know `content`: new-api's console and rows
 * written before these facts existed.
 */
import { type QuotaDisplaySettings, renderQuota } from './quota-format.ts';

/**
 * How a parameter is shown: a quota amount (in the reader's quota display), a price in US dollars, a
 * ratio, a number or text.
 */
export type LogParamKind = 'quota' | 'usd' | 'ratio' | 'count' | 'text';

/**
 * Every sentence a log row can carry: its parameters and the Chinese sentence stored in `content`
 * (i18next placeholders; the console's zh text of the same key is this very sentence).
 */
export const LOG_CONTENT = {
  'log.consume_per_token': {
    params: { model_ratio: 'ratio', completion_ratio: 'ratio', group_ratio: 'ratio' },
    zh: '模型倍率 {{model_ratio}}，补全倍率 {{completion_ratio}}，分组倍率 {{group_ratio}}',
  },
  'log.consume_per_call': {
    params: { model_price: 'usd', group_ratio: 'ratio' },
    zh: '模型价格 {{model_price}}，分组倍率 {{group_ratio}}',
  },
  'log.redeemed': {
    params: { quota: 'quota', code_id: 'count' },
    zh: '使用兑换码充值 {{quota}}（兑换码 #{{code_id}}）',
  },
  'log.online_topup': {
    params: { quota: 'quota', money: 'text', payment_method: 'text', trade_no: 'text' },
    zh: '在线充值 {{quota}}（通过 {{payment_method}} 支付 {{money}}），订单号 {{trade_no}}',
  },
  'log.subscription_bought': {
    params: { plan_title: 'text', quota: 'quota' },
    zh: '使用余额购买订阅套餐「{{plan_title}}」，花费 {{quota}}',
  },
  'log.checkin': {
    params: { quota: 'quota' },
    zh: '用户签到，获得额度 {{quota}}',
  },
  'log.admin_quota_changed': {
    params: { admin: 'text', from: 'quota', to: 'quota' },
    zh: '管理员 {{admin}} 将用户额度从 {{from}} 修改为 {{to}}',
  },
  'log.signup_gift': {
    params: { quota: 'quota' },
    zh: '新用户注册赠送 {{quota}}',
  },
  'log.signup_gift_invited': {
    params: { quota: 'quota', invitation_reward: 'quota' },
    zh: '新用户注册赠送 {{quota}}（含邀请奖励 {{invitation_reward}}）',
  },
  'log.task_failed': {
    params: { platform: 'text', task_id: 'text', reason: 'text', quota: 'quota' },
    zh: '{{platform}} 任务 {{task_id}} 失败（{{reason}}），已退还 {{quota}}',
  },
  'log.task_timed_out': {
    params: { platform: 'text', task_id: 'text', quota: 'quota' },
    zh: '{{platform}} 任务 {{task_id}} 超时，已退还 {{quota}}',
  },
  'log.channel_auto_disabled': {
    params: { channel_name: 'text', channel_id: 'count', reason: 'text' },
    zh: '渠道「{{channel_name}}」（#{{channel_id}}）已被自动禁用：{{reason}}',
  },
  'log.channel_auto_enabled': {
    params: { channel_name: 'text', channel_id: 'count' },
    zh: '渠道「{{channel_name}}」（#{{channel_id}}）测试成功，已重新启用',
  },
  'log.channel_test_finished': {
    params: { passed: 'count', total: 'count' },
    zh: '渠道测试完成：{{total}} 个渠道中 {{passed}} 个响应正常',
  },
} as const satisfies Record<string, { params: Record<string, LogParamKind>; zh: string }>;

export type LogContentKey = keyof typeof LOG_CONTENT;

type ParamsOf<K extends LogContentKey> = (typeof LOG_CONTENT)[K]['params'];

/** The parameters of one sentence: text parameters are strings, the others numbers. */
export type LogContentParams<K extends LogContentKey> = {
  -readonly [P in keyof ParamsOf<K>]: ParamsOf<K>[P] extends 'text' ? string : number;
};

/** The structured part of a log row's `other`. */
export type LogFacts = {
  [K in LogContentKey]: { content_key: K; content_params: LogContentParams<K> };
}[LogContentKey];

export function logFacts<K extends LogContentKey>(key: K, params: LogContentParams<K>): LogFacts {
  return { content_key: key, content_params: params } as LogFacts;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * The facts of a parsed `other`, or null when it carries none or they do not fit their sentence (an
 * unknown key, a parameter missing or of the wrong type): the reader then falls back to `content`.
 */
export function readLogFacts(other: Record<string, unknown>): LogFacts | null {
  const key = other.content_key;
  const params = other.content_params;
  if (typeof key !== 'string' || !Object.hasOwn(LOG_CONTENT, key) || !isRecord(params)) return null;
  const kinds: Record<string, LogParamKind> = LOG_CONTENT[key as LogContentKey].params;
  for (const [name, kind] of Object.entries(kinds)) {
    const value = params[name];
    const fits =
      kind === 'text' ? typeof value === 'string' : typeof value === 'number' && Number.isFinite(value);
    if (!fits) return null;
  }
  return { content_key: key, content_params: params } as LogFacts;
}

/** A ratio or price without float noise: at most 4 decimals, trailing zeros dropped. */
export function formatRatio(value: number): string {
  return String(Number(value.toFixed(4)));
}

/** The parameters of `facts` as the texts a sentence shows, quotas through `formatQuota`. */
export function logParamTexts(
  facts: LogFacts,
  formatQuota: (quota: number) => string,
): Record<string, string> {
  const kinds: Record<string, LogParamKind> = LOG_CONTENT[facts.content_key].params;
  const values: Record<string, string | number> = facts.content_params;
  const texts: Record<string, string> = {};
  for (const [name, kind] of Object.entries(kinds)) {
    const value = values[name] ?? '';
    if (kind === 'quota') texts[name] = formatQuota(Number(value));
    else if (kind === 'usd') texts[name] = `$${formatRatio(Number(value))}`;
    else if (kind === 'ratio') texts[name] = formatRatio(Number(value));
    else texts[name] = String(value);
  }
  return texts;
}

/** Fills the `{{name}}` placeholders of `template`. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (whole, name: string) => values[name] ?? whole);
}

/** The Chinese sentence of `facts` for the `content` column, quotas in the site's quota display. */
export function storedLogContent(facts: LogFacts, quotaDisplay: QuotaDisplaySettings): string {
  const texts = logParamTexts(facts, (quota) => renderQuota(quota, quotaDisplay));
  return fillTemplate(LOG_CONTENT[facts.content_key].zh, texts);
}

/** What the stored sentence needs of the site's options (the server's option store fits). */
export interface QuotaDisplayOptions {
  getNumber(key: 'QuotaPerUnit'): number;
  getBoolean(key: 'DisplayInCurrencyEnabled'): boolean;
}

/**
 * The `content` and `other` columns of a log row saying `facts`: the sentence in the site's default
 * language and the facts merged into `other` (next to whatever else the row keeps there).
 */
export function logFactColumns(
  options: QuotaDisplayOptions,
  facts: LogFacts,
  other: Record<string, unknown> = {},
): { content: string; other: string } {
  const quotaDisplay = {
    quotaPerUnit: options.getNumber('QuotaPerUnit'),
    displayInCurrency: options.getBoolean('DisplayInCurrencyEnabled'),
  };
  return { content: storedLogContent(facts, quotaDisplay), other: otherWithFacts(facts, other) };
}

/**
 * The `other` column of a row saying `facts`: the facts merged over whatever else the row keeps there.
 * An `owned` object (made for this row and used for nothing else) takes the facts in place: the copy cost
 * the relay more than building and serializing the rest.
 */
export function otherWithFacts(facts: LogFacts, other: Record<string, unknown>, owned = false): string {
  return JSON.stringify(owned ? Object.assign(other, facts) : { ...other, ...facts });
}
