/** Messages of the channel API, in both console languages. */
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
  'channel.priority_invalid': { en: 'Priority must be at least -999', zh: '优先级不能小于 -999' },
  'channel.base_url_invalid': { en: 'Base URL must be an http(s) URL', zh: 'Base URL 必须是 http(s) 地址' },
  'channel.not_found': { en: 'Channel not found', zh: '渠道不存在' },
  'channel.status_invalid': {
    en: 'Status must be 1 (enabled) or 2 (disabled)',
    zh: '状态只能是 1（启用）或 2（禁用）',
  },
} as const satisfies Record<string, { en: string; zh: string }>;
