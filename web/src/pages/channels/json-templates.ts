/** Example texts the form's 'fill template' links put into the JSON fields. */

export const MODEL_MAPPING_TEMPLATE = JSON.stringify({ 'gpt-3.5-turbo': 'gpt-3.5-turbo-0125' }, null, 2);

export const STATUS_CODE_MAPPING_TEMPLATE = JSON.stringify({ '400': '500' }, null, 2);

/** The channel settings the relay reads: an outgoing proxy and a system prompt. */
export const SETTING_TEMPLATE = JSON.stringify(
  { proxy: 'http://127.0.0.1:7890', system_prompt: 'You are a helpful assistant.' },
  null,
  2,
);

/** Top-level request fields set on every request of the channel. */
export const PARAM_OVERRIDE_TEMPLATE = JSON.stringify({ temperature: 0.7 }, null, 2);

/** Headers set on every upstream request; {api_key} is the key the request is sent with. */
export const HEADER_OVERRIDE_TEMPLATE = JSON.stringify(
  { 'X-Team': 'blue', Authorization: 'Bearer {api_key}' },
  null,
  2,
);
