/**
 * OpenAI wire types that only tests and the fake upstream (server/src/test-support/fake-upstream/) use:
 * the chat request a test sends, and the whole (non-streamed) bodies the fake upstream replies with —
 * chat completions, embeddings, moderations, the model list. They follow the loose style of
 * server/src/relay/formats/openai/openai-types.ts (which keeps what the relay itself reads: usage, stream
 * chunks, text completions, errors): only the fields in use are named, and `PassThrough` lets the
 * others through.
 */
import type {
  ChatRole,
  FinishReason,
  FunctionCall,
  PassThrough,
  StreamOptions,
  Usage,
} from '../relay/formats/openai/openai-types.ts';

// ---------------------------------------------------------------------------------------------
// Chat completions: request

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
// Chat completions: response

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

// ---------------------------------------------------------------------------------------------
// Embeddings

/** Embeddings report no completion tokens. */
export interface EmbeddingUsage extends PassThrough {
  prompt_tokens: number;
  total_tokens: number;
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
