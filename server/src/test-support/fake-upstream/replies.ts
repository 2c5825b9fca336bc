/**
 * The fake upstream's chat and text-completion replies, as pure functions so tests can compute the exact reply and
 * usage a request will get (and so the billing they assert is exact). Shapes follow what the
 * OpenAI API sends today.
 */
import type { Completion, Usage } from '../../relay/formats/openai/openai-types.ts';
import { readMaxTokens } from '../../relay/formats/openai/request.ts';
import type { ChatCompletion } from '../openai-wire-types.ts';
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

/** The fields every completion object starts with (whole replies and stream chunks alike). */
export function replyHead<Kind extends string>(
  kind: Kind,
  identity: ReplyIdentity,
  plan: Pick<ReplyPlan, 'model'>,
) {
  return { id: identity.id, object: kind, created: identity.created, model: plan.model };
}

export function chatCompletionBody(
  plan: ReplyPlan,
  identity: ReplyIdentity,
  omitUsage: boolean,
): ChatCompletion {
  const body: ChatCompletion = {
    ...replyHead('chat.completion', identity, plan),
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
 * The `data:` payloads of a planned stream, built one at a time so a long stream holds no history: each
 * chunk is `prefix` + one choice + `suffix`, and the usage-only chunk (when the client asked for it) has
 * empty choices followed by `usageSuffix`.
 */
abstract class PlannedStreamChunks {
  constructor(
    protected readonly plan: ReplyPlan,
    private readonly prefix: string,
    private readonly suffix: string,
    private readonly usageSuffix: string | undefined,
  ) {}

  /** The choice of a chunk carrying `text`, or of the closing chunk when `text` is undefined. */
  protected abstract choice(text: string | undefined, finishReason: string | null): JsonObject;

  protected chunk(choice: JsonObject): string {
    return `${this.prefix}"choices":[${JSON.stringify(choice)}]${this.suffix}`;
  }

  content(index: number): string {
    return this.chunk(this.choice(pieceText(this.plan, index), null));
  }

  finish(): string {
    return this.chunk(this.choice(undefined, this.plan.finishReason));
  }

  /** The usage-only chunk, or undefined when the client did not ask for it. */
  usage(): string | undefined {
    return this.usageSuffix === undefined ? undefined : `${this.prefix}"choices":[]${this.usageSuffix}`;
  }
}

/**
 * A chat stream. With include_usage every chunk carries `"usage":null` and a final chunk with empty
 * choices carries the usage, exactly as OpenAI does.
 */
export class ChatStreamChunks extends PlannedStreamChunks {
  constructor(plan: ReplyPlan, identity: ReplyIdentity, includeUsage: boolean) {
    super(
      plan,
      `{"id":${JSON.stringify(identity.id)},"object":"chat.completion.chunk","created":${identity.created},` +
        `"model":${JSON.stringify(plan.model)},"service_tier":"default","system_fingerprint":"${FAKE_SYSTEM_FINGERPRINT}",`,
      includeUsage ? ',"usage":null}' : '}',
      includeUsage ? `,"usage":${JSON.stringify(plan.usage)}}` : undefined,
    );
  }

  protected choice(text: string | undefined, finishReason: string | null): JsonObject {
    const delta = text === undefined ? {} : { content: text };
    return { index: 0, delta, logprobs: null, finish_reason: finishReason };
  }

  role(): string {
    const delta = { role: 'assistant', content: '', refusal: null };
    return this.chunk({ index: 0, delta, logprobs: null, finish_reason: null });
  }
}

export function completionBody(plan: ReplyPlan, identity: ReplyIdentity, omitUsage: boolean): Completion {
  const body: Completion = {
    ...replyHead('text_completion', identity, plan),
    choices: [{ text: replyContent(plan), index: 0, logprobs: null, finish_reason: plan.finishReason }],
  };
  if (!omitUsage) body.usage = plan.usage;
  return body;
}

/** A legacy text-completions stream: the model follows the choices, the usage the model. */
export class CompletionStreamChunks extends PlannedStreamChunks {
  constructor(plan: ReplyPlan, identity: ReplyIdentity, includeUsage: boolean) {
    const model = `,"model":${JSON.stringify(plan.model)}`;
    super(
      plan,
      `{"id":${JSON.stringify(identity.id)},"object":"text_completion","created":${identity.created},`,
      `${model}${includeUsage ? ',"usage":null' : ''}}`,
      includeUsage ? `${model},"usage":${JSON.stringify(plan.usage)}}` : undefined,
    );
  }

  protected choice(text: string | undefined, finishReason: string | null): JsonObject {
    return { text: text ?? '', index: 0, logprobs: null, finish_reason: finishReason };
  }

  /** Text completions have no role chunk; undefined keeps the stream writer uniform. */
  role(): undefined {
    return undefined;
  }
}
