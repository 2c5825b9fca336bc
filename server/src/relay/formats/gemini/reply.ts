/** Gemini GenerateContentResponse bodies ↔ the canonical reply; finish reasons and usage both ways. */
import { asString, isRecord, tokens } from '../../canonical/helpers.ts';
import type { CanonicalReply, CanonicalUsage, ContentBlock, StopReason } from '../../canonical/types.ts';
import { readGeminiError } from './errors.ts';
import {
  arrayField,
  field,
  type GeminiFinishReason,
  type GeminiReplyBody,
  type GeminiUsageMetadata,
  type Json,
  recordField,
} from './gemini-types.ts';
import { CallIds, callIdScope, decodePart, encodeBlocks, inlineImageMarkdown } from './parts.ts';

const FILTERED = new Set([
  'SAFETY',
  'RECITATION',
  'BLOCKLIST',
  'PROHIBITED_CONTENT',
  'SPII',
  'IMAGE_SAFETY',
  'IMAGE_PROHIBITED_CONTENT',
  'IMAGE_RECITATION',
]);

/** Gemini's finish reason (it has no tool-use reason: a candidate with a function call reports tool_use). */
export function stopReasonFromGemini(reason: unknown, calledTool: boolean): StopReason {
  if (reason === 'MAX_TOKENS') return 'max_tokens';
  if (typeof reason === 'string' && FILTERED.has(reason)) return 'content_filter';
  return calledTool ? 'tool_use' : 'end_turn';
}

export function stopReasonToGemini(reason: StopReason): GeminiFinishReason {
  if (reason === 'max_tokens') return 'MAX_TOKENS';
  if (reason === 'content_filter' || reason === 'refusal') return 'SAFETY';
  return 'STOP';
}

/**
 * Gemini usage → canonical. promptTokenCount includes cachedContentTokenCount (as canonical input does);
 * candidatesTokenCount excludes thoughtsTokenCount (canonical output includes reasoning); tool-use prompt
 * tokens (code execution, search results) are input.
 */
export function usageFromGemini(value: unknown): CanonicalUsage | null {
  if (!isRecord(value)) return null;
  const thoughts = tokens(field(value, 'thoughtsTokenCount'));
  return {
    inputTokens: tokens(field(value, 'promptTokenCount')) + tokens(field(value, 'toolUsePromptTokenCount')),
    outputTokens: tokens(field(value, 'candidatesTokenCount')) + thoughts,
    cacheReadTokens: tokens(field(value, 'cachedContentTokenCount')),
    cacheWriteTokens: 0,
    reasoningTokens: thoughts,
  };
}

export function usageToGemini(usage: CanonicalUsage): GeminiUsageMetadata {
  const reasoning = Math.min(usage.reasoningTokens, usage.outputTokens);
  return {
    promptTokenCount: usage.inputTokens,
    candidatesTokenCount: usage.outputTokens - reasoning,
    totalTokenCount: usage.inputTokens + usage.outputTokens,
    ...(usage.cacheReadTokens > 0 ? { cachedContentTokenCount: usage.cacheReadTokens } : {}),
    ...(reasoning > 0 ? { thoughtsTokenCount: reasoning } : {}),
  };
}

/** The candidate the canonical model follows (Gemini may return several; only the first converts). */
export function firstCandidate(body: Json): Json | undefined {
  const candidates = arrayField(body, 'candidates').filter(isRecord);
  return candidates.find((candidate) => (candidate.index ?? 0) === 0) ?? candidates[0];
}

/** A Gemini reply as canonical; throws when the body is not one (an error body gives its message). */
/**
 * The blocks of one part of the model's reply. A generated image (inline data) becomes Markdown text, as
 * in the stream (stream.ts): the replies of the other formats carry no images.
 */
function replyPartBlocks(part: Json, ids: CallIds): ContentBlock[] {
  const image = inlineImageMarkdown(part);
  return image ? [{ type: 'text', text: image }] : decodePart(part, true, ids, true);
}

export function decodeGeminiReply(body: unknown): CanonicalReply {
  const error = readGeminiError(body);
  if (error) throw new Error(`Gemini error: ${error.message}`);
  if (!isRecord(body) || (!Array.isArray(body.candidates) && !isRecord(field(body, 'promptFeedback'))))
    throw new Error('not a Gemini GenerateContentResponse: no candidates');
  const responseId = asString(field(body, 'responseId')) ?? '';
  const ids = new CallIds(callIdScope(responseId));
  const candidate = firstCandidate(body);
  const content = candidate ? recordField(candidate, 'content') : undefined;
  const blocks: ContentBlock[] = arrayField(content ?? {}, 'parts')
    .filter(isRecord)
    .flatMap((part) => replyPartBlocks(part, ids));
  // A prompt blocked before generation has no candidate, only promptFeedback.blockReason.
  const blocked = !candidate && recordField(body, 'promptFeedback')?.blockReason !== undefined;
  const finish = candidate ? field(candidate, 'finishReason') : undefined;
  return {
    id: responseId,
    model: asString(field(body, 'modelVersion')) ?? '',
    created: Math.floor(Date.now() / 1000),
    content: blocks,
    stopReason: blocked
      ? 'content_filter'
      : stopReasonFromGemini(
          finish,
          blocks.some((block) => block.type === 'tool_call'),
        ),
    usage: usageFromGemini(field(body, 'usageMetadata')),
  };
}

export function encodeGeminiReply(reply: CanonicalReply): GeminiReplyBody {
  return {
    candidates: [
      {
        content: { role: 'model', parts: encodeBlocks(reply.content, new Map()) },
        finishReason: stopReasonToGemini(reply.stopReason),
        index: 0,
      },
    ],
    ...(reply.usage ? { usageMetadata: usageToGemini(reply.usage) } : {}),
    modelVersion: reply.model,
    responseId: reply.id,
  };
}
