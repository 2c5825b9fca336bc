/**
 * Minimal OpenAI wire types (principle 5 of docs/reference/design-principles.md: parse loosely). Only the fields the gateway reads
 * or writes are named; everything is optional where an OpenAI-compatible upstream may leave it out,
 * and `[key: string]: unknown` lets provider extensions (reasoning_content, obfuscation, …) pass
 * through untouched. Client requests are validated strictly elsewhere, at the edge.
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

/** Embeddings report no completion tokens. */
export interface EmbeddingUsage extends PassThrough {
  prompt_tokens: number;
  total_tokens: number;
}

// ---------------------------------------------------------------------------------------------
// Chat completions: request

export type ChatRole = 'system' | 'developer' | 'user' | 'assistant' | 'tool' | 'function' | (string & {});

export interface ChatTextPart extends PassThrough {
  type: 'text';
  text: string;
}

export interface ChatImagePart extends PassThrough {
  type: 'image_url';
  image_url: { url: string; detail?: 'auto' | 'low' | 'high' | (string & {}) } & PassThrough;
}

export interface ChatAudioPart extends PassThrough {
  type: 'input_audio';
  input_audio: { data: string; format: string } & PassThrough;
}

export interface ChatFilePart extends PassThrough {
  type: 'file';
  file: { file_data?: string; file_id?: string; filename?: string } & PassThrough;
}

export interface ChatRefusalPart extends PassThrough {
  type: 'refusal';
  refusal: string;
}

export type ChatContentPart = ChatTextPart | ChatImagePart | ChatAudioPart | ChatFilePart | ChatRefusalPart;

export interface FunctionCall extends PassThrough {
  name?: string;
  arguments?: string;
}

export interface ToolCall extends PassThrough {
  id?: string;
  type?: 'function' | (string & {});
  function: FunctionCall;
}

export interface ChatMessage extends PassThrough {
  role: ChatRole;
  content?: string | ChatContentPart[] | null;
  name?: string;
  tool_calls?: ToolCall[] | null;
  tool_call_id?: string;
  /** Legacy single function call (before tools). */
  function_call?: FunctionCall | null;
  refusal?: string | null;
  /** DeepSeek, Qwen and others put the model's reasoning here. */
  reasoning_content?: string | null;
}

export interface StreamOptions extends PassThrough {
  include_usage?: boolean;
  include_obfuscation?: boolean;
}

export interface FunctionDefinition extends PassThrough {
  name: string;
  description?: string;
  parameters?: Record<string, unknown>;
  strict?: boolean | null;
}

export interface ChatTool extends PassThrough {
  type: 'function' | (string & {});
  function?: FunctionDefinition;
}

export interface ChatCompletionRequest extends PassThrough {
  model: string;
  messages: ChatMessage[];
  stream?: boolean | null;
  stream_options?: StreamOptions | null;
  max_tokens?: number | null;
  max_completion_tokens?: number | null;
  temperature?: number | null;
  top_p?: number | null;
  n?: number | null;
  stop?: string | string[] | null;
  presence_penalty?: number | null;
  frequency_penalty?: number | null;
  logit_bias?: Record<string, number> | null;
  logprobs?: boolean | null;
  top_logprobs?: number | null;
  seed?: number | null;
  user?: string;
  tools?: ChatTool[];
  tool_choice?: 'none' | 'auto' | 'required' | ({ type: string } & PassThrough);
  parallel_tool_calls?: boolean;
  response_format?: { type: 'text' | 'json_object' | 'json_schema' | (string & {}) } & PassThrough;
  reasoning_effort?: 'minimal' | 'low' | 'medium' | 'high' | (string & {}) | null;
  modalities?: string[] | null;
  service_tier?: string | null;
  store?: boolean | null;
  metadata?: Record<string, string> | null;
}

// ---------------------------------------------------------------------------------------------
// Chat completions: response and stream

export type FinishReason =
  | 'stop'
  | 'length'
  | 'tool_calls'
  | 'content_filter'
  | 'function_call'
  | (string & {});

export interface ChatChoice extends PassThrough {
  index: number;
  message: ChatMessage;
  finish_reason: FinishReason | null;
  logprobs?: unknown;
}

export interface ChatCompletion extends PassThrough {
  id: string;
  object: 'chat.completion';
  created: number;
  model: string;
  choices: ChatChoice[];
  usage?: Usage | null;
  system_fingerprint?: string | null;
  service_tier?: string | null;
}

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

export interface CompletionRequest extends PassThrough {
  model: string;
  prompt?: string | string[] | number[] | number[][] | null;
  suffix?: string | null;
  max_tokens?: number | null;
  temperature?: number | null;
  top_p?: number | null;
  n?: number | null;
  stream?: boolean | null;
  stream_options?: StreamOptions | null;
  logprobs?: number | null;
  echo?: boolean | null;
  stop?: string | string[] | null;
  best_of?: number | null;
  user?: string;
}

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
// Embeddings

export interface EmbeddingRequest extends PassThrough {
  model: string;
  input: string | string[] | number[] | number[][];
  encoding_format?: 'float' | 'base64';
  dimensions?: number;
  user?: string;
}

export interface Embedding extends PassThrough {
  object: 'embedding';
  index: number;
  /** A float array, or base64 of little-endian float32 values when encoding_format is base64. */
  embedding: number[] | string;
}

export interface EmbeddingResponse extends PassThrough {
  object: 'list';
  data: Embedding[];
  model: string;
  usage?: EmbeddingUsage;
}

// ---------------------------------------------------------------------------------------------
// Moderations

export interface ModerationTextInput extends PassThrough {
  type: 'text';
  text: string;
}

export interface ModerationImageInput extends PassThrough {
  type: 'image_url';
  image_url: { url: string };
}

export interface ModerationRequest extends PassThrough {
  input: string | string[] | Array<ModerationTextInput | ModerationImageInput>;
  model?: string;
}

export interface ModerationResult extends PassThrough {
  flagged: boolean;
  categories: Record<string, boolean>;
  category_scores: Record<string, number>;
  category_applied_input_types?: Record<string, string[]>;
}

export interface ModerationResponse extends PassThrough {
  id: string;
  model: string;
  results: ModerationResult[];
}

// ---------------------------------------------------------------------------------------------
// Models

export interface Model extends PassThrough {
  id: string;
  object: 'model';
  created: number;
  owned_by: string;
}

export interface ModelList extends PassThrough {
  object: 'list';
  data: Model[];
}

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
