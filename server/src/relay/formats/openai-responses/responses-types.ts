/**
 * Loose wire types of the OpenAI Responses API (`POST /v1/responses`): only what the codec reads or
 * writes. Bodies are parsed as `Json` and narrowed field by field; these name the shapes we build.
 */

export type Json = Record<string, unknown>;

export type ResponseStatus = 'completed' | 'incomplete' | 'failed' | 'in_progress';

export interface ResponsesUsage {
  input_tokens: number;
  input_tokens_details: { cached_tokens: number };
  output_tokens: number;
  output_tokens_details: { reasoning_tokens: number };
  total_tokens: number;
}

export interface OutputText {
  type: 'output_text';
  text: string;
  annotations: unknown[];
}

export interface SummaryText {
  type: 'summary_text';
  text: string;
}

export interface MessageItem {
  type: 'message';
  id: string;
  role: 'assistant';
  status: ResponseStatus;
  content: OutputText[];
}

export interface FunctionCallItem {
  type: 'function_call';
  id: string;
  call_id: string;
  name: string;
  /** The namespace of a tool of a `namespace` tool (Codex's sub-agent tools). */
  namespace?: string;
  arguments: string;
  status: ResponseStatus;
}

export interface ReasoningItem {
  type: 'reasoning';
  id: string;
  summary: SummaryText[];
  encrypted_content?: string;
}

export type OutputItem = MessageItem | FunctionCallItem | ReasoningItem;

export interface ResponseObject {
  id: string;
  object: 'response';
  created_at: number;
  status: ResponseStatus;
  error: { code: string; message: string } | null;
  incomplete_details: { reason: 'max_output_tokens' | 'content_filter' } | null;
  model: string;
  output: OutputItem[];
  usage: ResponsesUsage | null;
  /** SDK convenience (the text of the output_text parts); the HTTP API does not send it. */
  output_text?: string;
}

/**
 * Prefix of the `encrypted_content` of a reasoning item that carries Claude redacted thinking, so that it
 * comes back as redacted thinking when the client sends the item again (docs/formats.md).
 */
export const REDACTED_THINKING_PREFIX = 'redacted_thinking:';
