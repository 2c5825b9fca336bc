/** Messages of the options store and the option API, in both console languages. */
import type { MessageTable } from '../lib/messages.ts';

export const optionMessages = {
  'option.invalid_json': { en: 'not a valid JSON string', zh: '不是合法的 JSON 字符串' },
  'option.unknown_key': { en: 'Unknown option: {key}', zh: '未知的配置项：{key}' },
  'option.invalid_boolean': { en: '{key} must be true or false', zh: '{key} 只能是 true 或 false' },
  'option.invalid_number': { en: '{key} must be a number', zh: '{key} 必须是数字' },
  'option.not_integer': { en: '{key} must be a whole number', zh: '{key} 必须是整数' },
  'option.number_too_small': { en: '{key} must be at least {min}', zh: '{key} 不能小于 {min}' },
  'option.number_too_large': { en: '{key} must be at most {max}', zh: '{key} 不能大于 {max}' },
  'option.number_not_positive': { en: '{key} must be greater than 0', zh: '{key} 必须大于 0' },
  'option.invalid_choice': { en: '{key} must be one of: {choices}', zh: '{key} 只能是以下值之一：{choices}' },
  'option.invalid_url': {
    en: '{key} must be an address starting with http:// or https://',
    zh: '{key} 必须是以 http:// 或 https:// 开头的地址',
  },
  'option.invalid_email_domain': {
    en: 'Invalid email domain format: {domain} (e.g. gmail.com)',
    zh: '邮箱域名格式不正确：{domain}（例如 gmail.com）',
  },
  'option.json_number_map': {
    en: '{key} must be a JSON object mapping names to non-negative numbers',
    zh: '{key} 必须是 JSON 对象，键为名称，值为非负数',
  },
  'option.json_string_map': {
    en: '{key} must be a JSON object mapping names to strings',
    zh: '{key} 必须是 JSON 对象，键为名称，值为字符串',
  },
  'option.json_string_list': {
    en: '{key} must be a JSON array of strings',
    zh: '{key} 必须是字符串组成的 JSON 数组',
  },
  'option.json_nested_number_map': {
    en: '{key} must be a JSON object of groups, each mapping group names to non-negative numbers',
    zh: '{key} 必须是 JSON 对象，每个分组对应一个“分组名 → 非负数”的对象',
  },
  'option.json_pay_methods': {
    en: '{key} must be a JSON array of payment methods, each with a name and a type',
    zh: '{key} 必须是支付方式组成的 JSON 数组，每项需包含 name 和 type',
  },
  'option.json_chats': {
    en: '{key} must be a JSON array of objects mapping a chat name to an absolute link (javascript:, data:, vbscript: and file: links are not allowed)',
    zh: '{key} 必须是 JSON 数组，每项是“聊天名称 → 绝对链接”的对象（不允许 javascript:、data:、vbscript:、file: 链接）',
  },
  'option.json_header_map': {
    en: '{key} must be a JSON object mapping models to objects of header names and lists of values',
    zh: '{key} 必须是 JSON 对象，每个模型对应一个“请求头名称 → 取值列表”的对象',
  },
  'option.json_positive_integer_map': {
    en: '{key} must be a JSON object mapping models to positive whole numbers',
    zh: '{key} 必须是 JSON 对象，键为模型名称，值为正整数',
  },
  'option.json_group_limits': {
    en: '{key} must be a JSON object mapping groups to limit sets (rpm, tpm, rpd, tpd, concurrency, budget as whole numbers ≥ 0, budget_period day/week/month, timezone an IANA zone)',
    zh: '{key} 必须是 JSON 对象，每个分组对应一组限制（rpm、tpm、rpd、tpd、concurrency、budget 为不小于 0 的整数，budget_period 为 day/week/month，timezone 为 IANA 时区）',
  },
  'option.json_model_limits': {
    en: '{key} must be a JSON object mapping groups to objects of models and limit sets',
    zh: '{key} 必须是 JSON 对象，每个分组对应一个“模型 → 限制”的对象',
  },
  'option.json_fallback_models': {
    en: '{key} must be a JSON object mapping groups to objects of models and lists of fallback models (no model may fall back to itself)',
    zh: '{key} 必须是 JSON 对象，每个分组对应一个“模型 → 备用模型列表”的对象（模型不能以自身为备用）',
  },
  'option.json_error_policy': {
    en: '{key} must be a JSON object mapping error classes to policies (action retry or return, cooldown_seconds a whole number ≥ -1, disable true or false)',
    zh: '{key} 必须是 JSON 对象，每个错误类别对应一个策略（action 为 retry 或 return，cooldown_seconds 为不小于 -1 的整数，disable 为 true 或 false）',
  },
  'option.json_affinity_rules': {
    en: '{key} must be a JSON array of affinity rules (name, model_regex, path_regex, key_sources, ttl_seconds …) whose regular expressions compile',
    zh: '{key} 必须是 JSON 数组，每项是一条亲和规则（name、model_regex、path_regex、key_sources、ttl_seconds 等），其中的正则表达式必须有效',
  },
  'option.github_oauth_incomplete': {
    en: 'Cannot enable GitHub OAuth: fill in the GitHub Client ID and GitHub Client Secret first',
    zh: '无法启用 GitHub OAuth，请先填入 GitHub Client ID 以及 GitHub Client Secret！',
  },
  'option.oidc_incomplete': {
    en: 'Cannot enable OIDC login: fill in the OIDC Client ID, Client Secret and the authorization, token and user info endpoints first',
    zh: '无法启用 OIDC 登录，请先填入 OIDC Client ID、Client Secret 以及授权、令牌和用户信息端点！',
  },
  'option.linuxdo_oauth_incomplete': {
    en: 'Cannot enable Linux DO OAuth: fill in the Linux DO Client ID first',
    zh: '无法启用 Linux DO OAuth，请先填入 Linux DO Client ID！',
  },
  'option.email_domain_whitelist_empty': {
    en: 'Cannot enable the email domain restriction: fill in the allowed email domains first',
    zh: '无法启用邮箱域名限制，请先填入限制的邮箱域名！',
  },
  'option.wechat_auth_incomplete': {
    en: 'Cannot enable WeChat login: fill in the WeChat server address first',
    zh: '无法启用微信登录，请先填入微信登录相关配置信息！',
  },
  'option.turnstile_incomplete': {
    en: 'Cannot enable the Turnstile check: fill in the Turnstile site key first',
    zh: '无法启用 Turnstile 校验，请先填入 Turnstile 校验相关配置信息！',
  },
  'option.telegram_oauth_incomplete': {
    en: 'Cannot enable Telegram login: fill in the Telegram bot token first',
    zh: '无法启用 Telegram OAuth，请先填入 Telegram Bot Token！',
  },
} as const satisfies MessageTable;

/** Makes these keys `MessageKey`s; server/src/app.ts registers the table. */
declare module '../lib/messages.ts' {
  interface MessageTables {
    options: typeof optionMessages;
  }
}

export type OptionMessageKey = keyof typeof optionMessages;
