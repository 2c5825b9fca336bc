/** Anthropic Messages replies ↔ the canonical reply; usage and stop reasons both ways. */
import { asString, isRecord, stringifyArguments, tokens } from '../../canonical/helpers.ts';
import type { CanonicalReply, CanonicalUsage, ContentBlock, StopReason } from '../../canonical/types.ts';

type Json = Record<string, unknown>;

const stopReasons: Record<string, StopReason> = {
  end_turn: 'end_turn',
  max_tokens: 'max_tokens',
  stop_sequence: 'stop_sequence',
  tool_use: 'tool_use',
  refusal: 'refusal',
  pause_turn: 'end_turn',
};

export function stopReasonFromClaude(value: unknown): StopReason {
  return (typeof value === 'string' && stopReasons[value]) || 'end_turn';
}

export function stopReasonToClaude(reason: StopReason): string {
  return reason === 'content_filter' ? 'refusal' : reason;
}

/** Claude usage → canonical (Claude's input_tokens excludes the cached parts; canonical includes them). */
export function usageFromClaude(value: unknown): Partial<CanonicalUsage> | null {
  if (!isRecord(value)) return null;
  const usage: Partial<CanonicalUsage> = {};
  if (value.input_tokens !== undefined) {
    const cacheRead = tokens(value.cache_read_input_tokens);
    const cacheWrite = tokens(value.cache_creation_input_tokens);
    usage.inputTokens = tokens(value.input_tokens) + cacheRead + cacheWrite;
    usage.cacheReadTokens = cacheRead;
    usage.cacheWriteTokens = cacheWrite;
  }
  if (value.output_tokens !== undefined) usage.outputTokens = tokens(value.output_tokens);
  return Object.keys(usage).length > 0 ? usage : null;
}

export function usageToClaude(usage: CanonicalUsage): Json {
  return {
    input_tokens: Math.max(0, usage.inputTokens - usage.cacheReadTokens - usage.cacheWriteTokens),
    cache_creation_input_tokens: usage.cacheWriteTokens,
    cache_read_input_tokens: usage.cacheReadTokens,
    output_tokens: usage.outputTokens,
  };
}

export function decodeClaudeReply(body: unknown): CanonicalReply {
  if (!isRecord(body) || body.type !== 'message' || !Array.isArray(body.content))
    throw new Error('not a Claude message: the reply has no content');
  const content: ContentBlock[] = [];
  for (const block of body.content) {
    if (!isRecord(block)) continue;
    if (block.type === 'text') content.push({ type: 'text', text: asString(block.text) ?? '' });
    else if (block.type === 'tool_use')
      content.push({
        type: 'tool_call',
        id: asString(block.id) ?? '',
        name: asString(block.name) ?? '',
        arguments: stringifyArguments(block.input ?? {}),
      });
    else if (block.type === 'thinking') {
      const signature = asString(block.signature);
      content.push({
        type: 'thinking',
        text: asString(block.thinking) ?? '',
        ...(signature ? { signature } : {}),
      });
    } else if (block.type === 'redacted_thinking')
      content.push({ type: 'redacted_thinking', data: asString(block.data) ?? '' });
  }
  const usage = usageFromClaude(body.usage);
  const stopSequence = asString(body.stop_sequence);
  return {
    id: asString(body.id) ?? '',
    model: asString(body.model) ?? '',
    created: Math.floor(Date.now() / 1000),
    content,
    stopReason: stopReasonFromClaude(body.stop_reason),
    ...(stopSequence ? { stopSequence } : {}),
    usage: usage
      ? {
          inputTokens: usage.inputTokens ?? 0,
          outputTokens: usage.outputTokens ?? 0,
          cacheReadTokens: usage.cacheReadTokens ?? 0,
          cacheWriteTokens: usage.cacheWriteTokens ?? 0,
          reasoningTokens: 0,
        }
      : null,
  };
}

function encodeReplyBlock(block: ContentBlock): Json | null {
  switch (block.type) {
    case 'text':
      return { type: 'text', text: block.text };
    case 'tool_call':
      return { type: 'tool_use', id: block.id, name: block.name, input: parseJsonObject(block.arguments) };
    case 'thinking':
      return { type: 'thinking', thinking: block.text, signature: block.signature ?? '' };
    case 'redacted_thinking':
      return { type: 'redacted_thinking', data: block.data };
    default:
      return null;
  }
}

function parseJsonObject(text: string): Json {
  try {
    const parsed: unknown = JSON.parse(text || '{}');
    return isRecord(parsed) ? parsed : {};
  } catch {
    return {};
  }
}

/** A Claude message id for a reply that came from another format. */
export function claudeMessageId(id: string): string {
  return id.startsWith('msg_') ? id : `msg_${id.replace(/^chatcmpl-/, '')}`;
}

export function encodeClaudeReply(reply: CanonicalReply): Json {
  return {
    id: claudeMessageId(reply.id),
    type: 'message',
    role: 'assistant',
    model: reply.model,
    content: reply.content.map(encodeReplyBlock).filter((block): block is Json => block !== null),
    stop_reason: stopReasonToClaude(reply.stopReason),
    stop_sequence: reply.stopSequence ?? null,
    usage: usageToClaude(
      reply.usage ?? {
        inputTokens: 0,
        outputTokens: 0,
        cacheReadTokens: 0,
        cacheWriteTokens: 0,
        reasoningTokens: 0,
      },
    ),
  };
}
