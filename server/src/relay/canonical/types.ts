/**
 * The canonical model every client format and every upstream format converts through (docs/formats.md):
 * one request, one reply and one stream-event vocabulary that carry what OpenAI Chat Completions, OpenAI
 * Responses, Anthropic Messages and Gemini carry. A conversion between two formats is one decode into this
 * model and one encode out of it — never a hop through a third format.
 *
 * Conventions: the conversation alternates `user` and `assistant` messages; system and developer
 * instructions are kept apart in `system`; tool results are blocks of a `user` message (as Claude and
 * Gemini place them); tool-call arguments are JSON text, exactly as received.
 */

/** Where an image, audio clip or file comes from. */
export type MediaSource =
  | { kind: 'url'; url: string; mediaType?: string }
  | { kind: 'base64'; mediaType: string; data: string }
  /** A provider-side file id (OpenAI file_id, Gemini fileData uri): passed through, not fetched. */
  | { kind: 'file_id'; fileId: string; mediaType?: string };

export interface TextBlock {
  type: 'text';
  text: string;
  /** Claude prompt-cache marker, kept when the upstream is Claude. */
  cacheControl?: Record<string, unknown>;
}

export interface ImageBlock {
  type: 'image';
  source: MediaSource;
  /** OpenAI image detail (low, high, auto). */
  detail?: string;
}

export interface AudioBlock {
  type: 'audio';
  source: MediaSource;
  /** wav, mp3 … (OpenAI input_audio.format). */
  format?: string;
}

export interface FileBlock {
  type: 'file';
  source: MediaSource;
  filename?: string;
}

export interface ToolCallBlock {
  type: 'tool_call';
  id: string;
  name: string;
  /** The namespace of the tool (OpenAI Responses `namespace` tools, e.g. Codex's sub-agent tools). */
  namespace?: string;
  /** The arguments as JSON text (an object serialized), as the model produced them. */
  arguments: string;
  /** Gemini thought signature of a function call, kept when the upstream is Gemini. */
  signature?: string;
}

export interface ToolResultBlock {
  type: 'tool_result';
  toolCallId: string;
  /** The tool's name when the format carries it (Gemini needs it; Claude and OpenAI do not). */
  name?: string;
  content: (TextBlock | ImageBlock)[];
  isError?: boolean;
}

export interface ThinkingBlock {
  type: 'thinking';
  text: string;
  /** Claude's signature over the thinking (must be sent back unchanged to Claude), or Gemini's. */
  signature?: string;
}

export interface RedactedThinkingBlock {
  type: 'redacted_thinking';
  /** Claude's encrypted thinking, opaque. */
  data: string;
}

export type ContentBlock =
  | TextBlock
  | ImageBlock
  | AudioBlock
  | FileBlock
  | ToolCallBlock
  | ToolResultBlock
  | ThinkingBlock
  | RedactedThinkingBlock;

export interface CanonicalMessage {
  role: 'user' | 'assistant';
  content: ContentBlock[];
}

export interface ToolDefinition {
  name: string;
  /**
   * The namespace the tool belongs to (OpenAI Responses `namespace` tools); formats without namespaces
   * flatten it into the name (server/src/relay/canonical/tool-names.ts).
   */
  namespace?: string;
  /** The namespace's own description, shown with the tool where namespaces are flattened. */
  namespaceDescription?: string;
  description?: string;
  /** JSON Schema of the arguments (an object schema). */
  parameters: Record<string, unknown>;
  /** OpenAI `strict`. */
  strict?: boolean;
}

export type ToolChoice =
  | { type: 'auto' }
  | { type: 'none' }
  /** The model must call some tool. */
  | { type: 'required' }
  | { type: 'tool'; name: string; namespace?: string };

/**
 * How hard to think, lowest first: OpenAI's `reasoning_effort` names (minimal … xhigh), Claude's
 * `output_config.effort` (low … max) and Gemini's `thinkingLevel` (minimal … high) on one scale; each
 * format sends the nearest it has (docs/formats.md, "Reasoning").
 */
export type ReasoningEffort = 'minimal' | 'low' | 'medium' | 'high' | 'xhigh' | 'max';

export interface ReasoningSettings {
  /** Explicitly on or off (Claude thinking enabled/adaptive/disabled, Gemini budget 0, OpenAI `none`). */
  enabled?: boolean;
  /**
   * The model decides whether and how much to think (Claude `thinking: {type: "adaptive"}`, Gemini
   * `thinkingBudget: -1`), guided by `effort` when given.
   */
  adaptive?: boolean;
  effort?: ReasoningEffort;
  /** A token budget (Claude budget_tokens, Gemini thinkingBudget). */
  budgetTokens?: number;
  /** Whether the reasoning text should be returned (Gemini includeThoughts, Responses summary). */
  includeThoughts?: boolean;
}

/**
 * The form of the reply (docs/formats.md, "Structured output"): plain text, any JSON object, JSON that
 * fits `schema` (a JSON Schema), or — Gemini's `text/x.enum` — one of the values of the schema's `enum`
 * as bare text.
 */
export interface ResponseFormat {
  type: 'text' | 'json_object' | 'json_schema' | 'enum';
  name?: string;
  description?: string;
  schema?: Record<string, unknown>;
  strict?: boolean;
}

export interface CanonicalRequest {
  model: string;
  /** System and developer instructions, in order. */
  system: TextBlock[];
  messages: CanonicalMessage[];
  tools: ToolDefinition[];
  toolChoice?: ToolChoice;
  parallelToolCalls?: boolean;
  maxTokens?: number;
  temperature?: number;
  topP?: number;
  topK?: number;
  stopSequences?: string[];
  stream: boolean;
  reasoning?: ReasoningSettings;
  responseFormat?: ResponseFormat;
  /** End-user id for abuse tracking (OpenAI user, Claude metadata.user_id). */
  user?: string;
  /** Candidate count (OpenAI n, Gemini candidateCount); only 1 converts between formats. */
  candidateCount?: number;
  presencePenalty?: number;
  frequencyPenalty?: number;
  seed?: number;
}

export type StopReason =
  | 'end_turn'
  | 'max_tokens'
  | 'tool_use'
  | 'stop_sequence'
  | 'content_filter'
  | 'refusal';

export interface CanonicalUsage {
  /** Prompt tokens, cached ones included. */
  inputTokens: number;
  /** Completion tokens, reasoning included. */
  outputTokens: number;
  /** Prompt tokens read from a cache (part of inputTokens). */
  cacheReadTokens: number;
  /** Prompt tokens written to a cache (part of inputTokens). */
  cacheWriteTokens: number;
  /** Reasoning tokens (part of outputTokens). */
  reasoningTokens: number;
  /** Tool calls the upstream ran and bills by count (server/src/relay/billing/tool-prices.ts TOOL_KINDS). */
  toolCalls?: Readonly<Record<string, number>>;
}

export interface CanonicalReply {
  id: string;
  model: string;
  /** Unix seconds. */
  created: number;
  content: ContentBlock[];
  stopReason: StopReason;
  stopSequence?: string;
  usage: CanonicalUsage | null;
}

/**
 * Stream events. A content block is opened, receives deltas, and is closed; blocks have increasing
 * indexes and at most one is open at a time except tool calls, which OpenAI may interleave (by index).
 */
export type StreamEvent =
  | { type: 'start'; id: string; model: string; created?: number }
  | { type: 'block_start'; index: number; block: StreamBlockStart }
  | { type: 'text_delta'; index: number; text: string }
  | { type: 'thinking_delta'; index: number; text: string }
  | { type: 'signature_delta'; index: number; signature: string }
  | { type: 'arguments_delta'; index: number; json: string }
  | { type: 'block_stop'; index: number }
  | { type: 'usage'; usage: Partial<CanonicalUsage> }
  | { type: 'stop'; reason: StopReason; stopSequence?: string }
  | { type: 'error'; message: string; errorType?: string };

export type StreamBlockStart =
  | { type: 'text' }
  | { type: 'thinking' }
  | { type: 'redacted_thinking'; data: string }
  | { type: 'tool_call'; id: string; name: string; namespace?: string; signature?: string };

export function emptyUsage(): CanonicalUsage {
  return { inputTokens: 0, outputTokens: 0, cacheReadTokens: 0, cacheWriteTokens: 0, reasoningTokens: 0 };
}
