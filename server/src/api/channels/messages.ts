/** Messages of the channel API, in both console languages. */
import type { MessageTable } from '../../lib/messages.ts';

export const channelMessages = {
  'channel.name_key_required': {
    en: 'Please fill in channel name and channel key!',
    zh: '请填写渠道名称和渠道密钥！',
  },
  'channel.models_required': { en: 'Please select at least one model!', zh: '请至少选择一个模型！' },
  'channel.model_mapping_invalid': {
    en: 'Model mapping must be valid JSON format!',
    zh: '模型映射必须是合法的 JSON 格式！',
  },
  'channel.model_mapping_target': {
    en: 'Model mapping of "{model}" must be a model name',
    zh: '模型映射中「{model}」的目标必须是模型名称',
  },
  'channel.model_mapping_cycle': {
    en: 'Model mapping has a cycle: {chain}',
    zh: '模型映射存在循环：{chain}',
  },
  'channel.status_code_mapping_invalid': {
    en: 'Status code mapping must be a JSON object mapping one HTTP status code to another',
    zh: '状态码映射必须是把一个 HTTP 状态码映射到另一个的 JSON 对象',
  },
  'channel.json_object_invalid': { en: '{field} must be a JSON object', zh: '{field} 必须是 JSON 对象' },
  'channel.type_invalid': { en: 'Unknown channel type {type}', zh: '未知的渠道类型 {type}' },
  'channel.key_invalid': {
    en: 'The key cannot be used for this channel type: {reason}',
    zh: '密钥不适用于该渠道类型：{reason}',
  },
  'channel.other_invalid': {
    en: 'The extra field cannot be used for this channel type: {reason}',
    zh: '附加字段不适用于该渠道类型：{reason}',
  },
  'channel.settings_invalid': {
    en: 'The routes of this channel cannot be served: {reason}',
    zh: '该渠道的路由无法使用：{reason}',
  },
  'channel.other_required': {
    en: 'Channel type {type} needs its account ID in the extra field',
    zh: '渠道类型 {type} 需要在附加字段中填写账户 ID',
  },
  'channel.type_not_served_tag': {
    en: 'Every channel of tag {tag} is of a type this version cannot relay yet; none was enabled',
    zh: '标签 {tag} 下的渠道类型当前版本均不支持转发，未启用任何渠道',
  },
  'channel.type_refused_subscription_account': {
    en: "Channel type {name} ({type}) is refused: a consumer subscription account may not be relayed through a shared gateway under its provider's terms; use an API key (type 1 for OpenAI)",
    zh: '渠道类型 {name}（{type}）不可用：按其服务条款，个人订阅账号不得通过共享网关转发，请改用 API 密钥（OpenAI 为类型 1）',
  },
  'channel.type_not_served': {
    en: 'Channel type {name} ({type}) cannot relay calls in this version yet; choose another type',
    zh: '当前版本尚不支持渠道类型 {name}（{type}）的转发，请选择其他类型',
  },
  'channel.priority_invalid': { en: 'Priority must be at least -999', zh: '优先级不能小于 -999' },
  'channel.base_url_required': {
    en: 'Channel type {name} ({type}) needs the address of its upstream in Base URL',
    zh: '渠道类型 {name}（{type}）需要在 Base URL 中填写上游地址',
  },
  'channel.base_url_invalid': { en: 'Base URL must be an http(s) URL', zh: 'Base URL 必须是 http(s) 地址' },
  'channel.not_found': { en: 'Channel not found', zh: '渠道不存在' },
  'channel.status_invalid': {
    en: 'Status must be 1 (enabled) or 2 (disabled)',
    zh: '状态只能是 1（启用）或 2（禁用）',
  },
  'channel.batch_empty': { en: 'Please select the channels first', zh: '请先选择渠道' },
  'channel.tag_empty': { en: 'Tag cannot be empty', zh: '标签不能为空' },
  'channel.tag_not_found': { en: 'No channel has the tag "{tag}"', zh: '没有渠道使用标签「{tag}」' },
  'channel.no_modification': { en: 'No modification', zh: '没有修改' },
  'channel.weight_invalid': {
    en: 'Weight must be a whole number of at least 0',
    zh: '权重必须是不小于 0 的整数',
  },
  'channel.test_failed': { en: 'Channel test failed: {reason}', zh: '渠道测试失败：{reason}' },
  'channel.test_started': {
    en: 'Testing all channels; results are recorded as they come',
    zh: '已开始测试全部渠道，结果将陆续记录',
  },
  'channel.balance_started': { en: 'Refreshing the balance of all channels', zh: '已开始更新全部渠道余额' },
  'channel.test_running': { en: 'A test of all channels is already running', zh: '已有全部渠道测试正在进行' },
  'channel.balance_unsupported': {
    en: 'Balance query is not supported for channel type {type}',
    zh: '该渠道类型（{type}）不支持查询余额',
  },
  'channel.balance_failed': { en: 'Balance query failed: {reason}', zh: '余额查询失败：{reason}' },
  'channel.models_fetch_failed': {
    en: 'Failed to fetch the model list: {reason}',
    zh: '获取模型列表失败：{reason}',
  },
  'channel.address_forbidden': {
    en: 'The address {host} is not allowed as an upstream ({reason})',
    zh: '不允许使用该地址作为上游：{host}（{reason}）',
  },
  'channel.proxy_invalid': {
    en: 'The proxy must be an http://, https:// or socks5:// URL',
    zh: '代理地址必须是 http://、https:// 或 socks5:// 开头的 URL',
  },
  'channel.key_custody': {
    en: "Only the root user can change a channel's type, base URL or proxy without also entering a new key",
    zh: '只有超级管理员可以在不重新填写密钥的情况下修改渠道的类型、代理地址或 Base URL',
  },
  'channel.header_override_invalid': {
    en: 'Header override must be a JSON object of header names and text values (the value of "{header}" is not text)',
    zh: '请求头覆盖必须是由请求头名称和文本值组成的 JSON 对象（「{header}」的值不是文本）',
  },
  'channel.header_override_not_object': {
    en: 'Header override must be a JSON object of header names and text values',
    zh: '请求头覆盖必须是由请求头名称和文本值组成的 JSON 对象',
  },
  'channel.header_override_name': {
    en: 'Header override: "{header}" is not a valid header name',
    zh: '请求头覆盖：「{header}」不是合法的请求头名称',
  },
  'channel.header_override_forbidden': {
    en: 'Header override may not set "{header}": the HTTP connection sets it',
    zh: '请求头覆盖不能设置「{header}」：该请求头由 HTTP 连接设置',
  },
  'channel.header_override_passthrough': {
    en: 'Header override: pass-through rules such as "{header}" are not supported; name each header',
    zh: '请求头覆盖：不支持「{header}」这类透传规则，请逐个写出请求头',
  },
  'channel.multi_key_mode_invalid': {
    en: 'The multi-key mode must be "random" or "polling"',
    zh: '多密钥模式只能是 random（随机）或 polling（轮询）',
  },
  'channel.multi_key_keys_invalid': {
    en: 'Vertex AI keys must be a JSON array of service-account keys, e.g. [{...}, {...}]',
    zh: 'Vertex AI 多密钥必须是服务账号密钥组成的 JSON 数组，例如 [{...}, {...}]',
  },
  'channel.not_multi_key': { en: 'This channel is not in multi-key mode', zh: '该渠道不是多密钥模式' },
  'channel.key_index_invalid': { en: 'The key index is out of range', zh: '密钥索引超出范围' },
  'channel.multi_key_action_invalid': { en: 'Unsupported operation', zh: '不支持的操作' },
  'channel.keys_enabled': { en: '{count} key(s) enabled', zh: '已启用 {count} 个密钥' },
  'channel.keys_disabled': { en: '{count} key(s) disabled', zh: '已禁用 {count} 个密钥' },
  'channel.keys_deleted': { en: '{count} key(s) deleted', zh: '已删除 {count} 个密钥' },
  'channel.last_key': { en: 'The last key cannot be deleted', zh: '不能删除最后一个密钥' },
  'channel.no_auto_disabled_keys': {
    en: 'No key is disabled automatically',
    zh: '没有需要删除的自动禁用密钥',
  },
  'channel.keys_root_only': {
    en: 'Only the root user can delete keys',
    zh: '只有超级管理员可以删除密钥',
  },
} as const satisfies MessageTable;

/** Makes these keys `MessageKey`s; server/src/app.ts registers the table. */
declare module '../../lib/messages.ts' {
  interface MessageTables {
    channels: typeof channelMessages;
  }
}
