/**
 * What billing needs from the canonical model: a canonical usage as the billing module's TokenUsage, the
 * prompt of a canonical request counted locally (pre-consumption, or an upstream that reports nothing),
 * and the text of a request for the sensitive-word check.
 */
import type { TokenUsage } from '../billing/pricing.ts';
import { countTextTokens, imageTokens, REPLY_PRIMING_TOKENS, TOKENS_PER_MESSAGE } from '../billing/tokens.ts';
import type { CanonicalRequest, CanonicalUsage, ContentBlock } from './types.ts';

/** Canonical usage → TokenUsage (both count cached prompt tokens inside the prompt). */
export function billingUsage(usage: CanonicalUsage): TokenUsage {
  const result: TokenUsage = { promptTokens: usage.inputTokens, completionTokens: usage.outputTokens };
  if (usage.cacheReadTokens > 0) result.cachedTokens = usage.cacheReadTokens;
  if (usage.cacheWriteTokens > 0) result.cacheCreationTokens = usage.cacheWriteTokens;
  return result;
}

function blockTokens(block: ContentBlock, model: string): number {
  switch (block.type) {
    case 'text':
    case 'thinking':
      return countTextTokens(block.text, model);
    case 'image':
      return imageTokens(model, block.detail);
    case 'tool_call':
      return countTextTokens(block.name, model) + countTextTokens(block.arguments, model);
    case 'tool_result':
      return block.content.reduce((sum, part) => sum + blockTokens(part, model), 0);
    default:
      // Audio, files and redacted thinking: not knowable here; the upstream's usage bills them.
      return 0;
  }
}

/** Prompt tokens of a canonical request, by OpenAI's chat accounting (server/src/relay/billing/tokens.ts). */
export function countRequestTokens(request: CanonicalRequest, model: string): number {
  let total = REPLY_PRIMING_TOKENS;
  if (request.system.length > 0) {
    total += TOKENS_PER_MESSAGE;
    for (const block of request.system) total += countTextTokens(block.text, model);
  }
  for (const message of request.messages) {
    total += TOKENS_PER_MESSAGE;
    for (const block of message.content) total += blockTokens(block, model);
  }
  if (request.tools.length > 0) total += countTextTokens(JSON.stringify(request.tools), model);
  return total;
}

/** Every text the user and the system wrote (for the sensitive-word check). */
export function requestText(request: CanonicalRequest): string {
  const parts: string[] = request.system.map((block) => block.text);
  for (const message of request.messages) {
    for (const block of message.content) {
      if (block.type === 'text') parts.push(block.text);
      else if (block.type === 'tool_result') {
        for (const part of block.content) if (part.type === 'text') parts.push(part.text);
      }
    }
  }
  return parts.join('\n');
}
