/** Anthropic Messages replies ↔ the canonical reply; stop reasons and usage both ways. */
import { asString, isRecord, tokens } from '../../canonical/helpers.ts';
import {
  type CanonicalReply,
  type CanonicalUsage,
  type ContentBlock,
  emptyUsage,
  type StopReason,
} from '../../canonical/types.ts';
import type {
  ClaudeContentBlock,
  ClaudeCountTokensReply,
  ClaudeReplyBlock,
  ClaudeReplyBody,
  ClaudeStopReason,
  ClaudeUsage,
} from './claude-types.ts';
import { decodeUpstreamBlock, encodeClaudeBlock } from './content.ts';
import { readClaudeError } from './errors.ts';

const stopReasons: Record<string, StopReason> = {
  end_turn: 'end_turn',
  max_tokens: 'max_tokens',
  stop_sequence: 'stop_sequence',
  tool_use: 'tool_use',
  refusal: 'refusal',
  // A server-tool loop paused by Claude: the turn ends here for other formats.
  pause_turn: 'end_turn',
  model_context_window_exceeded: 'max_tokens',
};

export function stopReasonFromClaude(value: unknown): StopReason {
  return (typeof value === 'string' && stopReasons[value]) || 'end_turn';
}

export function stopReasonToClaude(reason: StopReason): ClaudeStopReason {
  return reason === 'content_filter' ? 'refusal' : reason;
}

/** The token counts a Claude usage object carries (only those present: stream events carry some). */
export interface ClaudeUsageCounts {
  input?: number;
  cacheRead?: number;
  cacheWrite?: number;
  output?: number;
  /** server_tool_use.web_search_requests: billed as tool calls (docs/reference/pricing-tiers.md). */
  webSearch?: number;
}

export function readUsageCounts(value: unknown): ClaudeUsageCounts {
  if (!isRecord(value)) return {};
  const counts: ClaudeUsageCounts = {};
  if (typeof value.input_tokens === 'number') counts.input = tokens(value.input_tokens);
  if (typeof value.cache_read_input_tokens === 'number')
    counts.cacheRead = tokens(value.cache_read_input_tokens);
  if (typeof value.cache_creation_input_tokens === 'number')
    counts.cacheWrite = tokens(value.cache_creation_input_tokens);
  if (typeof value.output_tokens === 'number') counts.output = tokens(value.output_tokens);
  const serverTools = value.server_tool_use;
  if (isRecord(serverTools) && typeof serverTools.web_search_requests === 'number')
    counts.webSearch = tokens(serverTools.web_search_requests);
  return counts;
}

/** Claude counts → canonical (Claude's input_tokens excludes the cached parts; canonical includes them). */
export function usageFromCounts(counts: ClaudeUsageCounts): Partial<CanonicalUsage> | null {
  const usage: Partial<CanonicalUsage> = {};
  if (counts.input !== undefined) {
    usage.inputTokens = counts.input + (counts.cacheRead ?? 0) + (counts.cacheWrite ?? 0);
    usage.cacheReadTokens = counts.cacheRead ?? 0;
    usage.cacheWriteTokens = counts.cacheWrite ?? 0;
  }
  if (counts.output !== undefined) usage.outputTokens = counts.output;
  if (counts.webSearch) usage.toolCalls = { web_search: counts.webSearch };
  return Object.keys(usage).length > 0 ? usage : null;
}

export function usageToClaude(usage: CanonicalUsage): ClaudeUsage {
  return {
    input_tokens: Math.max(0, usage.inputTokens - usage.cacheReadTokens - usage.cacheWriteTokens),
    cache_creation_input_tokens: usage.cacheWriteTokens,
    cache_read_input_tokens: usage.cacheReadTokens,
    output_tokens: usage.outputTokens,
  };
}

export function decodeClaudeReply(body: unknown): CanonicalReply {
  const error = readClaudeError(body);
  if (error) throw new Error(`not a Claude message: the upstream answered an error: ${error.message}`);
  if (!isRecord(body) || body.type !== 'message' || !Array.isArray(body.content))
    throw new Error('not a Claude message: expected {"type":"message","content":[…]}');
  const content = body.content
    .map((block) => decodeUpstreamBlock(block))
    .filter((block): block is ContentBlock => block !== null);
  const usage = usageFromCounts(readUsageCounts(body.usage));
  const stopSequence = asString(body.stop_sequence);
  let stopReason = stopReasonFromClaude(body.stop_reason);
  // A call of the structured-output tool is the answer (now text): the turn ended normally.
  if (stopReason === 'tool_use' && !content.some((block) => block.type === 'tool_call'))
    stopReason = 'end_turn';
  return {
    id: asString(body.id) ?? '',
    model: asString(body.model) ?? '',
    created: Math.floor(Date.now() / 1000),
    content,
    stopReason,
    ...(stopSequence ? { stopSequence } : {}),
    usage: usage ? { ...emptyUsage(), ...usage } : null,
  };
}

/** A Claude message id for a reply that came from another format. */
export function claudeMessageId(id: string): string {
  return id.startsWith('msg_') ? id : `msg_${id.replace(/^chatcmpl-/, '')}`;
}

function isReplyBlock(block: ClaudeContentBlock | null): block is ClaudeReplyBlock {
  const type = block?.type;
  return type === 'text' || type === 'tool_use' || type === 'thinking' || type === 'redacted_thinking';
}

export function encodeClaudeReply(reply: CanonicalReply): ClaudeReplyBody {
  const content = reply.content.map((block) => encodeClaudeBlock(block, 'reply')).filter(isReplyBlock);
  return {
    id: claudeMessageId(reply.id),
    type: 'message',
    role: 'assistant',
    model: reply.model,
    content,
    stop_reason: stopReasonToClaude(reply.stopReason),
    stop_sequence: reply.stopSequence ?? null,
    usage: usageToClaude(reply.usage ?? emptyUsage()),
  };
}

/** The answer of `POST /v1/messages/count_tokens` for a count the caller made. */
export function claudeCountTokensReply(inputTokens: number): ClaudeCountTokensReply {
  return { input_tokens: tokens(inputTokens) };
}
