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

/** The largest completion of OpenAI's chat models that do not reason (their model pages). */
function outputLimit(model: string): number | null {
  const name = model.toLowerCase();
  if (name.startsWith('gpt-4o-2024-05-13')) return 4096;
  if (/^(gpt-4o|chatgpt-4o|gpt-5(\.\d+)?-chat)/.test(name)) return 16_384;
  if (name.startsWith('gpt-4.1')) return 32_768;
  if (/^(gpt-4-turbo|gpt-4-1106|gpt-4-0125|gpt-3\.5)/.test(name)) return 4096;
  return null;
}

/** What a chat model that does not reason refuses: a reasoning effort, a completion above its limit. */
function plainModelRefusal(model: string, body: Record<string, unknown>): StrictRefusal | null {
  const limit = outputLimit(model);
  if (limit === null) return null;
  if (body.reasoning_effort !== undefined)
    return refusal(
      "Unsupported parameter: 'reasoning_effort' is not supported with this model.",
      'reasoning_effort',
      'unsupported_parameter',
    );
  for (const name of ['max_tokens', 'max_completion_tokens']) {
    const value = body[name];
    if (typeof value === 'number' && value > limit) {
      return refusal(
        `max_tokens is too large: ${value}. This model supports at most ${limit} completion tokens, whereas you provided ${value}.`,
        name,
        'invalid_value',
      );
    }
  }
  return null;
}

/** The refusal OpenAI gives a Chat Completions body, or null when it would take it. */
export function openAiChatRefusal(body: Record<string, unknown>): StrictRefusal | null {
  const model = typeof body.model === 'string' ? body.model : '';
  if (!isReasoningModel(model)) return plainModelRefusal(model, body);
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
  if (!isReasoningModel(model)) {
    const reasoning = body.reasoning as { effort?: unknown } | undefined;
    if (outputLimit(model) !== null && reasoning?.effort !== undefined)
      return refusal(
        "Unsupported parameter: 'reasoning.effort' is not supported with this model.",
        'reasoning.effort',
        'unsupported_parameter',
      );
    const limit = outputLimit(model);
    const value = body.max_output_tokens;
    if (limit !== null && typeof value === 'number' && value > limit)
      return refusal(
        `max_output_tokens is too large: ${value}. This model supports at most ${limit} output tokens, whereas you provided ${value}.`,
        'max_output_tokens',
        'invalid_value',
      );
    return null;
  }
  const reasoning = body.reasoning as { effort?: unknown } | undefined;
  return samplingRefusal(body) ?? effortRefusal(model, reasoning?.effort, 'reasoning.effort');
}
