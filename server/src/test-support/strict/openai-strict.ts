/**
 * What OpenAI's API refuses that a permissive fake would take (issue 24's strict mode), with OpenAI's own
 * error texts: the reasoning models (the o-series and gpt-5, but not the gpt-5 chat models) refuse
 * `max_tokens` on Chat Completions and every sampling parameter other than its default, on Chat
 * Completions and on Responses. Written from OpenAI's documentation and error replies, independently of
 * the gateway's own rules (server/src/relay/rules/): a fake must not share the code it tests.
 */
export interface StrictRefusal {
  status: number;
  body: Record<string, unknown>;
}

function refusal(message: string, param: string, code: string): StrictRefusal {
  return { status: 400, body: { error: { message, type: 'invalid_request_error', param, code } } };
}

function isReasoningModel(model: string): boolean {
  const name = model.toLowerCase();
  if (/^gpt-5(\.\d+)?-chat/.test(name)) return false;
  return /^o[134](-|$)/.test(name) || /^gpt-5([.-]|$)/.test(name);
}

const DEFAULT_ONE = ['temperature', 'top_p'] as const;
const UNSUPPORTED = [
  'presence_penalty',
  'frequency_penalty',
  'logprobs',
  'top_logprobs',
  'logit_bias',
] as const;

function samplingRefusal(body: Record<string, unknown>): StrictRefusal | null {
  for (const name of DEFAULT_ONE) {
    const value = body[name];
    if (value !== undefined && value !== 1) {
      return refusal(
        `Unsupported value: '${name}' does not support ${JSON.stringify(value)} with this model. Only the default (1) value is supported.`,
        name,
        'unsupported_value',
      );
    }
  }
  for (const name of UNSUPPORTED) {
    if (body[name] !== undefined) {
      return refusal(
        `Unsupported parameter: '${name}' is not supported with this model.`,
        name,
        'unsupported_parameter',
      );
    }
  }
  return null;
}

/** The reasoning efforts of the models OpenAI's pages list them for. */
function efforts(model: string): string[] | null {
  const name = model.toLowerCase();
  if (/^o[134](-|$)/.test(name)) return ['low', 'medium', 'high'];
  if (name.startsWith('gpt-5-pro')) return ['high'];
  if (/^gpt-5(-|$)/.test(name) && !name.startsWith('gpt-5-chat')) return ['minimal', 'low', 'medium', 'high'];
  if (name.startsWith('gpt-5.1-codex-max')) return ['none', 'low', 'medium', 'high', 'xhigh'];
  if (/^gpt-5\.1(-|$)/.test(name) && !name.includes('-chat')) return ['none', 'low', 'medium', 'high'];
  if (/^gpt-5\.([2-9]|\d\d)/.test(name) && !name.includes('-chat'))
    return ['none', 'low', 'medium', 'high', 'xhigh'];
  return null;
}

function effortRefusal(model: string, effort: unknown, param: string): StrictRefusal | null {
  const supported = efforts(model);
  if (typeof effort !== 'string' || !supported || supported.includes(effort)) return null;
  return refusal(
    `Unsupported value: '${param}' does not support '${effort}' with this model. Supported values are: ${supported.map((value) => `'${value}'`).join(', ')}.`,
    param,
    'unsupported_value',
  );
}

/** The refusal OpenAI gives a Chat Completions body, or null when it would take it. */
export function openAiChatRefusal(body: Record<string, unknown>): StrictRefusal | null {
  const model = typeof body.model === 'string' ? body.model : '';
  if (!isReasoningModel(model)) return null;
  if (body.max_tokens !== undefined) {
    return refusal(
      "Unsupported parameter: 'max_tokens' is not supported with this model. Use 'max_completion_tokens' instead.",
      'max_tokens',
      'unsupported_parameter',
    );
  }
  return samplingRefusal(body) ?? effortRefusal(model, body.reasoning_effort, 'reasoning_effort');
}

/** The refusal OpenAI gives a Responses body, or null when it would take it. */
export function openAiResponsesRefusal(body: Record<string, unknown>): StrictRefusal | null {
  const model = typeof body.model === 'string' ? body.model : '';
  if (!isReasoningModel(model)) return null;
  const reasoning = body.reasoning as { effort?: unknown } | undefined;
  return samplingRefusal(body) ?? effortRefusal(model, reasoning?.effort, 'reasoning.effort');
}
