/**
 * Minimal OpenAI wire types (principle 5 of docs/reference/design-principles.md: parse loosely). Only the fields the gateway reads
 * or writes are named; everything is optional where an OpenAI-compatible upstream may leave it out,
 * and `[key: string]: unknown` lets provider extensions (reasoning_content, obfuscation, …) pass
 * through untouched. Client requests are validated strictly elsewhere, at the edge. What the relay
 * reads is here (usage, stream chunks, text completions, errors); the whole bodies only tests and the
 * fake upstream build (chat request and reply, embeddings, moderations, the model list) are in
 * server/src/test-support/openai-wire-types.ts.
 */

/** Fields the type does not name travel through as they are. */
export interface PassThrough {
  [key: string]: unknown;
}

// ---------------------------------------------------------------------------------------------
// Usage

export interface PromptTokensDetails extends PassThrough {
  cached_tokens?: number;
  audio_tokens?: number;
}

export interface CompletionTokensDetails extends PassThrough {
  reasoning_tokens?: number;
  audio_tokens?: number;
  accepted_prediction_tokens?: number;
  rejected_prediction_tokens?: number;
}

export interface Usage extends PassThrough {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
  prompt_tokens_details?: PromptTokensDetails | null;
  completion_tokens_details?: CompletionTokensDetails | null;
}

// ---------------------------------------------------------------------------------------------
// Chat completions: stream

export type ChatRole = 'system' | 'developer' | 'user' | 'assistant' | 'tool' | 'function' | (string & {});

export interface FunctionCall extends PassThrough {
  name?: string;
  arguments?: string;
}

/** A request's `stream_options` (`include_usage` asks for a final usage chunk). */
export interface StreamOptions extends PassThrough {
  include_usage?: boolean;
  include_obfuscation?: boolean;
}

export type FinishReason =
  | 'stop'
  | 'length'
  | 'tool_calls'
  | 'content_filter'
  | 'function_call'
  | (string & {});

export interface ToolCallDelta extends PassThrough {
  index: number;
  id?: string;
  type?: 'function' | (string & {});
  function?: FunctionCall;
}

export interface ChatDelta extends PassThrough {
  role?: ChatRole;
  content?: string | null;
  refusal?: string | null;
  reasoning_content?: string | null;
  /** OpenRouter and some others name it `reasoning`. */
  reasoning?: string | null;
  tool_calls?: ToolCallDelta[];
  function_call?: FunctionCall;
}

export interface ChatChunkChoice extends PassThrough {
  index: number;
  delta: ChatDelta;
  finish_reason: FinishReason | null;
  logprobs?: unknown;
}

export interface ChatCompletionChunk extends PassThrough {
  id: string;
  object: 'chat.completion.chunk';
  created: number;
  model: string;
  /** Empty in the final usage chunk sent when stream_options.include_usage is set. */
  choices: ChatChunkChoice[];
  /** Present (null) on every chunk when include_usage is set; filled on the final chunk only. */
  usage?: Usage | null;
  system_fingerprint?: string | null;
  service_tier?: string | null;
}

// ---------------------------------------------------------------------------------------------
// Legacy text completions

export interface CompletionChoice extends PassThrough {
  text: string;
  index: number;
  logprobs?: unknown;
  finish_reason: FinishReason | null;
}

export interface Completion extends PassThrough {
  id: string;
  object: 'text_completion';
  created: number;
  model: string;
  choices: CompletionChoice[];
  usage?: Usage | null;
  system_fingerprint?: string | null;
}

/** Streamed completions use the same object, one piece of text per chunk. */
export type CompletionChunk = Completion;

// ---------------------------------------------------------------------------------------------
// Errors

export interface ErrorDetails extends PassThrough {
  message: string;
  type: string;
  param: string | null;
  code: string | number | null;
}

/** `{"error":{"message","type","param","code"}}`, sent with the HTTP status. */
export interface ErrorBody {
  error: ErrorDetails;
}
