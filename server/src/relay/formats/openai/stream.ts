/**
 * Pure helpers for passing an OpenAI-format stream through (principle 2 of docs/reference/design-principles.md): each `data:`
 * payload is parsed once to learn what the relay needs (text to count, usage, finish reason, the
 * end marker) and is otherwise forwarded as it came. Nothing here keeps state between chunks.
 */
import { readErrorBody } from './errors.ts';
import type {
  ChatCompletionChunk,
  CompletionChunk,
  ErrorDetails,
  StreamOptions,
  Usage,
} from './openai-types.ts';
import { readUsage } from './usage.ts';

export { errorBody } from './errors.ts';

export interface ChunkInspection<TChunk> {
  /** Generated text carried by this chunk, for counting tokens when the upstream sends no usage. */
  deltaText: string;
  /** The payload was the `[DONE]` terminator. */
  isDone: boolean;
  /** Normalised usage when the chunk carries a non-null one. */
  usage?: Usage;
  /** The last non-null finish_reason among the chunk's choices. */
  finishReason?: string;
  /** Usage present and choices empty: the extra chunk OpenAI sends for stream_options.include_usage. */
  isUsageOnly?: boolean;
  /** The chunk was an error object (`data: {"error":{…}}`) rather than a completion chunk. */
  error?: ErrorDetails;
  id?: string;
  model?: string;
  created?: number;
  /** The parsed JSON object, for callers that must rewrite the chunk; absent for garbage. */
  chunk?: TChunk;
}

export type ChatChunkInspection = ChunkInspection<ChatCompletionChunk>;
export type CompletionChunkInspection = ChunkInspection<CompletionChunk>;

type JsonObject = Record<string, unknown>;

function isRecord(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isDoneMarker(data: string): boolean {
  return data === '[DONE]' || (data.length < 16 && data.trim() === '[DONE]');
}

function parseObject(data: string): JsonObject | undefined {
  const first = data.charCodeAt(0);
  // Anything that is not a JSON object is skipped without paying for an exception.
  if (first !== 123 /* { */ && first !== 32 && first !== 9 && first !== 10 && first !== 13) return undefined;
  try {
    const parsed: unknown = JSON.parse(data);
    return isRecord(parsed) ? parsed : undefined;
  } catch {
    return undefined;
  }
}

function chatChoiceText(choice: JsonObject): string {
  const delta = choice.delta;
  if (!isRecord(delta)) return '';
  let text = typeof delta.content === 'string' ? delta.content : '';
  if (typeof delta.reasoning_content === 'string') text += delta.reasoning_content;
  else if (typeof delta.reasoning === 'string') text += delta.reasoning;
  if (typeof delta.refusal === 'string') text += delta.refusal;
  if (Array.isArray(delta.tool_calls)) {
    for (const call of delta.tool_calls) {
      if (isRecord(call)) text += functionText(call.function);
    }
  }
  text += functionText(delta.function_call);
  return text;
}

function functionText(value: unknown): string {
  if (!isRecord(value)) return '';
  const name = typeof value.name === 'string' ? value.name : '';
  const argumentsText = typeof value.arguments === 'string' ? value.arguments : '';
  return name + argumentsText;
}

function completionChoiceText(choice: JsonObject): string {
  return typeof choice.text === 'string' ? choice.text : '';
}

function inspect<TChunk>(data: string, choiceText: (choice: JsonObject) => string): ChunkInspection<TChunk> {
  if (isDoneMarker(data)) return { deltaText: '', isDone: true };
  const chunk = parseObject(data);
  if (chunk === undefined) return { deltaText: '', isDone: false };
  const inspection: ChunkInspection<TChunk> = { deltaText: '', isDone: false, chunk: chunk as TChunk };
  const choices = Array.isArray(chunk.choices) ? chunk.choices : [];
  for (const choice of choices) {
    if (!isRecord(choice)) continue;
    inspection.deltaText += choiceText(choice);
    if (typeof choice.finish_reason === 'string' && choice.finish_reason !== '') {
      inspection.finishReason = choice.finish_reason;
    }
  }
  const usage = readUsage(chunk.usage);
  if (usage !== undefined) {
    inspection.usage = usage;
    inspection.isUsageOnly = choices.length === 0;
  }
  if (chunk.error !== undefined && chunk.error !== null) {
    const error = readErrorBody(chunk);
    if (error !== undefined) inspection.error = error;
  }
  if (typeof chunk.id === 'string') inspection.id = chunk.id;
  if (typeof chunk.model === 'string') inspection.model = chunk.model;
  if (typeof chunk.created === 'number') inspection.created = chunk.created;
  return inspection;
}

/**
 * What one `data:` payload of a chat-completions stream carries. deltaText concatenates every
 * choice's delta content, reasoning (reasoning_content, else reasoning), refusal, and tool/function
 * call names and argument text. Unparsable data gives `{ deltaText: '', isDone: false }`.
 */
export function inspectChatChunk(data: string): ChatChunkInspection {
  return inspect<ChatCompletionChunk>(data, chatChoiceText);
}

/** The same for a legacy text-completions stream (choices[].text). */
export function inspectCompletionChunk(data: string): CompletionChunkInspection {
  return inspect<CompletionChunk>(data, completionChoiceText);
}

export interface UsageChunkInit {
  id: string;
  model: string;
  created: number;
  usage: Usage;
}

/** The final chunk OpenAI streams when stream_options.include_usage is set: no choices, the usage. */
export function buildUsageChunk({ id, model, created, usage }: UsageChunkInit): ChatCompletionChunk {
  return { id, object: 'chat.completion.chunk', created, model, choices: [], usage };
}

/** The same for a legacy text-completions stream. */
export function buildCompletionUsageChunk({ id, model, created, usage }: UsageChunkInit): CompletionChunk {
  return { id, object: 'text_completion', created, model, choices: [], usage };
}

interface StreamingRequest {
  stream_options?: StreamOptions | null;
}

/** Whether the client asked for the final usage chunk. */
export function wantsIncludeUsage(request: StreamingRequest): boolean {
  return request.stream_options?.include_usage === true;
}

/** A shallow copy of the request asking the upstream for usage, other stream_options kept. */
export function withIncludeUsage<TRequest extends StreamingRequest>(request: TRequest): TRequest {
  return { ...request, stream_options: { ...request.stream_options, include_usage: true } };
}
