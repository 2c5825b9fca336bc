/**
 * What the format codec tests expect or encode, built in one call: the canonical stream events of a whole
 * block (started, its deltas, stopped), a whole usage and a canonical reply.
 */
import type { CanonicalReply, CanonicalUsage, ContentBlock, StreamEvent } from '../canonical/types.ts';

/** A text block: its start, a delta per piece, its stop. */
export function textBlock(index: number, ...texts: string[]): StreamEvent[] {
  return [
    { type: 'block_start', index, block: { type: 'text' } },
    ...texts.map((text): StreamEvent => ({ type: 'text_delta', index, text })),
    { type: 'block_stop', index },
  ];
}

/** A thinking block: its start, a delta per piece, its signature when it has one, its stop. */
export function thinkingBlock(index: number, texts: string[], signature?: string): StreamEvent[] {
  return [
    { type: 'block_start', index, block: { type: 'thinking' } },
    ...texts.map((text): StreamEvent => ({ type: 'thinking_delta', index, text })),
    ...(signature ? [{ type: 'signature_delta' as const, index, signature }] : []),
    { type: 'block_stop', index },
  ];
}

/** A tool call block: its start, a delta per piece of its arguments, its stop. */
export function toolCallBlock(
  index: number,
  call: { id: string; name: string; namespace?: string; signature?: string },
  ...jsons: string[]
): StreamEvent[] {
  return [
    { type: 'block_start', index, block: { type: 'tool_call', ...call } },
    ...jsons.map((json): StreamEvent => ({ type: 'arguments_delta', index, json })),
    { type: 'block_stop', index },
  ];
}

/** A whole usage: the counts given, 0 for the others. */
export function wholeUsage(counts: Partial<CanonicalUsage>): CanonicalUsage {
  return {
    inputTokens: 0,
    outputTokens: 0,
    cacheReadTokens: 0,
    cacheWriteTokens: 0,
    reasoningTokens: 0,
    ...counts,
  };
}

/** A canonical reply of `content`: a finished one of model `m` without usage, unless `fields` say otherwise. */
export function canonicalReply(
  content: ContentBlock[],
  fields: Partial<CanonicalReply> = {},
): CanonicalReply {
  return {
    id: 'chatcmpl-1',
    model: 'm',
    created: 1700000000,
    content,
    stopReason: 'end_turn',
    usage: null,
    ...fields,
  };
}
