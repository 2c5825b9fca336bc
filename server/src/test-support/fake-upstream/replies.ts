/**
 * The fake upstream's chat and text-completion replies, as pure functions so tests can compute the exact reply and
 * usage a request will get (and so the billing they assert is exact). Shapes follow what the
 * OpenAI API sends today.
 */
import type { ChatCompletion, Completion, Usage } from '../../relay/formats/openai/openai-types.ts';
import { readMaxTokens } from '../../relay/formats/openai/request.ts';
import type { ResolvedBehavior } from './behavior.ts';

export type JsonObject = Record<string, unknown>;

export const FAKE_SYSTEM_FINGERPRINT = 'fp_fake_upstream';

/** Whitespace-separated words: the fake's unit of "tokens". */
export function countWords(text: string): number {
  let count = 0;
  let inWord = false;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    const isSpace = code === 32 || (code >= 9 && code <= 13) || code === 0xa0 || code === 0x3000;
    if (isSpace) inWord = false;
    else if (!inWord) {
      inWord = true;
      count += 1;
    }
  }
  return count;
}

/** prompt_tokens the fake reports for a request text when no override is set. */
export function fakePromptTokens(
  requestText: string,
  behavior: Pick<ResolvedBehavior, 'promptTokens'>,
): number {
  return behavior.promptTokens ?? Math.max(1, countWords(requestText));
}

export interface ReplyPlan {
  model: string;
  /** The reply's words; content chunk i carries word i modulo their number. */
  words: string[];
  /** Content chunks to send (chunkCount, capped by the request's max tokens). */
  contentChunks: number;
  finishReason: 'stop' | 'length';
  /** The usage this reply reports (also when omitUsage hides it from the client). */
  usage: Usage;
}

/** What the fake will answer to a chat or text completion request. */
export function planReply(
  body: JsonObject,
  behavior: ResolvedBehavior,
  requestText: string,
  model: string,
): ReplyPlan {
  const words = behavior.replyText.split(/\s+/).filter((word) => word !== '');
  const wanted = behavior.chunkCount ?? words.length;
  const maxTokens = readMaxTokens(body);
  const contentChunks = maxTokens === undefined ? wanted : Math.min(wanted, maxTokens);
  const promptTokens = fakePromptTokens(requestText, behavior);
  const completionTokens = contentChunks + behavior.reasoningTokens;
  return {
    model,
    words,
    contentChunks,
    finishReason: contentChunks < wanted ? 'length' : 'stop',
    usage: {
      prompt_tokens: promptTokens,
      completion_tokens: completionTokens,
      total_tokens: promptTokens + completionTokens,
      prompt_tokens_details: { cached_tokens: behavior.cachedTokens, audio_tokens: 0 },
      completion_tokens_details: {
        reasoning_tokens: behavior.reasoningTokens,
        audio_tokens: 0,
        accepted_prediction_tokens: 0,
        rejected_prediction_tokens: 0,
      },
    },
  };
}

/** The text of content chunk `index`: one word, preceded by a space after the first. */
export function pieceText(plan: ReplyPlan, index: number): string {
  const word = plan.words.length === 0 ? '' : plan.words[index % plan.words.length]!;
  return index === 0 ? word : ` ${word}`;
}

/** The whole reply text (what a stream's content chunks add up to). */
export function replyContent(plan: ReplyPlan): string {
  let content = '';
  for (let index = 0; index < plan.contentChunks; index += 1) content += pieceText(plan, index);
  return content;
}

export interface ReplyIdentity {
  id: string;
  created: number;
}

export function chatCompletionBody(
  plan: ReplyPlan,
  identity: ReplyIdentity,
  omitUsage: boolean,
): ChatCompletion {
  const body: ChatCompletion = {
    id: identity.id,
    object: 'chat.completion',
    created: identity.created,
    model: plan.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content: replyContent(plan), refusal: null, annotations: [] },
        logprobs: null,
        finish_reason: plan.finishReason,
      },
    ],
    service_tier: 'default',
    system_fingerprint: FAKE_SYSTEM_FINGERPRINT,
  };
  if (!omitUsage) body.usage = plan.usage;
  return body;
}

/**
 * The `data:` payloads of a chat stream, built one at a time so a long stream holds no history.
 * With include_usage every chunk carries `"usage":null` and a final chunk with empty choices
 * carries the usage, exactly as OpenAI does.
 */
export class ChatStreamChunks {
  readonly #prefix: string;
  readonly #suffix: string;

  constructor(
    private readonly plan: ReplyPlan,
    identity: ReplyIdentity,
    private readonly includeUsage: boolean,
  ) {
    this.#prefix =
      `{"id":${JSON.stringify(identity.id)},"object":"chat.completion.chunk","created":${identity.created},` +
      `"model":${JSON.stringify(plan.model)},"service_tier":"default","system_fingerprint":"${FAKE_SYSTEM_FINGERPRINT}",`;
    this.#suffix = includeUsage ? ',"usage":null}' : '}';
  }

  #choice(delta: JsonObject, finishReason: string | null): string {
    const choice = { index: 0, delta, logprobs: null, finish_reason: finishReason };
    return `${this.#prefix}"choices":[${JSON.stringify(choice)}]${this.#suffix}`;
  }

  role(): string {
    return this.#choice({ role: 'assistant', content: '', refusal: null }, null);
  }

  content(index: number): string {
    return this.#choice({ content: pieceText(this.plan, index) }, null);
  }

  finish(): string {
    return this.#choice({}, this.plan.finishReason);
  }

  /** The usage-only chunk, or undefined when the client did not ask for it. */
  usage(): string | undefined {
    if (!this.includeUsage) return undefined;
    return `${this.#prefix}"choices":[],"usage":${JSON.stringify(this.plan.usage)}}`;
  }
}

export function completionBody(plan: ReplyPlan, identity: ReplyIdentity, omitUsage: boolean): Completion {
  const body: Completion = {
    id: identity.id,
    object: 'text_completion',
    created: identity.created,
    model: plan.model,
    choices: [{ text: replyContent(plan), index: 0, logprobs: null, finish_reason: plan.finishReason }],
  };
  if (!omitUsage) body.usage = plan.usage;
  return body;
}

/** The `data:` payloads of a legacy text-completions stream. */
export class CompletionStreamChunks {
  readonly #prefix: string;
  readonly #suffix: string;

  constructor(
    private readonly plan: ReplyPlan,
    identity: ReplyIdentity,
    private readonly includeUsage: boolean,
  ) {
    this.#prefix = `{"id":${JSON.stringify(identity.id)},"object":"text_completion","created":${identity.created},`;
    this.#suffix = `,"model":${JSON.stringify(plan.model)}${includeUsage ? ',"usage":null' : ''}}`;
  }

  #choice(text: string, finishReason: string | null): string {
    const choice = { text, index: 0, logprobs: null, finish_reason: finishReason };
    return `${this.#prefix}"choices":[${JSON.stringify(choice)}]${this.#suffix}`;
  }

  /** Text completions have no role chunk; undefined keeps the stream writer uniform. */
  role(): undefined {
    return undefined;
  }

  content(index: number): string {
    return this.#choice(pieceText(this.plan, index), null);
  }

  finish(): string {
    return this.#choice('', this.plan.finishReason);
  }

  usage(): string | undefined {
    if (!this.includeUsage) return undefined;
    return `${this.#prefix}"choices":[],"model":${JSON.stringify(this.plan.model)},"usage":${JSON.stringify(this.plan.usage)}}`;
  }
}
