/**
 * Loose wire types of the Anthropic Messages API (`POST /v1/messages`, version 2023-06-01): only what
 * the codec writes. Bodies are read as `Json` and narrowed field by field; these name the shapes built.
 */

export type Json = Record<string, unknown>;

export type ClaudeRole = 'user' | 'assistant';

export type ClaudeSource =
  | { type: 'base64'; media_type: string; data: string }
  | { type: 'url'; url: string }
  | { type: 'text'; media_type: 'text/plain'; data: string };

export interface ClaudeTextBlock {
  type: 'text';
  text: string;
  cache_control?: Json;
}

export interface ClaudeImageBlock {
  type: 'image';
  source: ClaudeSource;
}

export interface ClaudeDocumentBlock {
  type: 'document';
  source: ClaudeSource;
  title?: string;
}

export interface ClaudeToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: Json;
}

export interface ClaudeToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content?: (ClaudeTextBlock | ClaudeImageBlock)[];
  is_error?: true;
}

export interface ClaudeThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature: string;
}

export interface ClaudeRedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

export type ClaudeContentBlock =
  | ClaudeTextBlock
  | ClaudeImageBlock
  | ClaudeDocumentBlock
  | ClaudeToolUseBlock
  | ClaudeToolResultBlock
  | ClaudeThinkingBlock
  | ClaudeRedactedThinkingBlock;

/** What a reply (or a streamed content_block_start) carries. */
export type ClaudeReplyBlock =
  | ClaudeTextBlock
  | ClaudeToolUseBlock
  | ClaudeThinkingBlock
  | ClaudeRedactedThinkingBlock;

export interface ClaudeMessage {
  role: ClaudeRole;
  content: ClaudeContentBlock[];
}

export interface ClaudeTool {
  name: string;
  description?: string;
  input_schema: Json;
}

export type ClaudeToolChoice =
  | { type: 'auto' | 'any'; disable_parallel_tool_use?: true }
  | { type: 'tool'; name: string; disable_parallel_tool_use?: true }
  | { type: 'none' };

export type ClaudeThinking =
  | { type: 'enabled'; budget_tokens: number }
  | { type: 'adaptive' }
  | { type: 'disabled' };

/** Claude's effort levels (`output_config.effort`). */
export type ClaudeEffort = 'low' | 'medium' | 'high' | 'xhigh' | 'max';

export interface ClaudeOutputConfig {
  effort?: ClaudeEffort;
  format?: { type: 'json_schema'; schema: Json };
}

/** A type (not an interface) so that it is a `Record<string, unknown>` as FormatCodec wants. */
export type ClaudeRequestBody = {
  model: string;
  max_tokens: number;
  messages: ClaudeMessage[];
  system?: string | ClaudeTextBlock[];
  tools?: ClaudeTool[];
  tool_choice?: ClaudeToolChoice;
  thinking?: ClaudeThinking;
  output_config?: ClaudeOutputConfig;
  temperature?: number;
  top_p?: number;
  top_k?: number;
  stop_sequences?: string[];
  stream?: true;
  metadata?: { user_id: string };
};

export type ClaudeStopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'stop_sequence'
  | 'tool_use'
  | 'pause_turn'
  | 'refusal';

export interface ClaudeUsage {
  input_tokens: number;
  cache_creation_input_tokens: number;
  cache_read_input_tokens: number;
  output_tokens: number;
}

export interface ClaudeReplyBody {
  id: string;
  type: 'message';
  role: 'assistant';
  model: string;
  content: ClaudeReplyBlock[];
  stop_reason: ClaudeStopReason | null;
  stop_sequence: string | null;
  usage: ClaudeUsage;
}

export type ClaudeErrorType =
  | 'invalid_request_error'
  | 'authentication_error'
  | 'permission_error'
  | 'not_found_error'
  | 'request_too_large'
  | 'rate_limit_error'
  | 'api_error'
  | 'overloaded_error';

export interface ClaudeErrorBody {
  type: 'error';
  error: { type: ClaudeErrorType; message: string };
}

/** The answer of `POST /v1/messages/count_tokens`. */
export interface ClaudeCountTokensReply {
  input_tokens: number;
}
