/**
 * What billing needs from the canonical model: a canonical usage as the billing module's TokenUsage, the
 * prompt of a canonical request counted locally (pre-consumption, or an upstream that reports nothing),
 * and the text of a request for the sensitive-word check.
 */
import type { TokenUsage } from '../billing/pricing.ts';
import {
  CountBudget,
  countTextTokens,
  imageTokens,
  REPLY_PRIMING_TOKENS,
  TOKENS_PER_MESSAGE,
} from '../billing/tokens.ts';
import type { CanonicalRequest, CanonicalUsage, ContentBlock } from './types.ts';

/** Canonical usage → TokenUsage (both count cached prompt tokens inside the prompt). */
export function billingUsage(usage: CanonicalUsage): TokenUsage {
  const result: TokenUsage = { promptTokens: usage.inputTokens, completionTokens: usage.outputTokens };
  if (usage.cacheReadTokens > 0) result.cachedTokens = usage.cacheReadTokens;
  if (usage.cacheWriteTokens > 0) result.cacheCreationTokens = usage.cacheWriteTokens;
  if (usage.toolCalls) result.toolCalls = usage.toolCalls;
  return result;
}

function blockTokens(block: ContentBlock, model: string, budget: CountBudget): number {
  switch (block.type) {
    case 'text':
    case 'thinking':
      return countTextTokens(block.text, model, budget);
    case 'image':
      return imageTokens(model, block.detail);
    case 'tool_call':
      return countTextTokens(block.name, model, budget) + countTextTokens(block.arguments, model, budget);
    case 'tool_result': {
      let total = 0;
      for (const part of block.content) total += blockTokens(part, model, budget);
      return total;
    }
    default:
      // Audio, files and redacted thinking: not knowable here; the upstream's usage bills them.
      return 0;
  }
}

/**
 * Prompt tokens of a canonical request, by OpenAI's chat accounting (server/src/relay/billing/tokens.ts),
 * exact within one counting budget for the whole request and estimated beyond it.
 */
export function countRequestTokens(request: CanonicalRequest, model: string): number {
  const budget = new CountBudget();
  let total = REPLY_PRIMING_TOKENS;
  if (request.system.length > 0) {
    total += TOKENS_PER_MESSAGE;
    for (const block of request.system) total += countTextTokens(block.text, model, budget);
  }
  for (const message of request.messages) {
    total += TOKENS_PER_MESSAGE;
    for (const block of message.content) total += blockTokens(block, model, budget);
  }
  if (request.tools.length > 0) total += countTextTokens(JSON.stringify(request.tools), model, budget);
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
