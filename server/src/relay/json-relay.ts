/**
 * Non-streaming replies: the upstream's JSON is sent to the client byte for byte; it is parsed once for
 * the usage (and, when an upstream reports none, for the text to count).
 */
import type { TokenUsage } from './billing/pricing.ts';
import { countTextTokens } from './billing/tokens.ts';
import { readUsage } from './formats/openai/usage.ts';
import { tokenUsageOf } from './openai-usage.ts';
import type { RelayEndpoint } from './providers/types.ts';

export interface JsonReplyReading {
  upstreamUsage: TokenUsage | null;
  /** Completion tokens counted from the reply text (used only when the upstream sent no usage). */
  countedCompletionTokens: number;
  outputDelivered: boolean;
}

function replyText(endpoint: RelayEndpoint, reply: Record<string, unknown>): string {
  const choices = Array.isArray(reply.choices) ? (reply.choices as Record<string, unknown>[]) : [];
  if (endpoint === 'chat') {
    return choices
      .map((choice) => {
        const message = (choice.message ?? {}) as Record<string, unknown>;
        const parts = [message.content, message.reasoning_content];
        if (Array.isArray(message.tool_calls)) parts.push(JSON.stringify(message.tool_calls));
        return parts.filter((part) => typeof part === 'string').join('');
      })
      .join('');
  }
  if (endpoint === 'completions')
    return choices.map((choice) => (typeof choice.text === 'string' ? choice.text : '')).join('');
  return '';
}

export function readJsonReply(endpoint: RelayEndpoint, body: Buffer, model: string): JsonReplyReading {
  let reply: Record<string, unknown>;
  try {
    reply = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  } catch {
    return { upstreamUsage: null, countedCompletionTokens: 0, outputDelivered: body.length > 0 };
  }
  const usage = readUsage(reply.usage);
  const counted = usage ? 0 : countTextTokens(replyText(endpoint, reply), model);
  return {
    upstreamUsage: usage ? tokenUsageOf(usage) : null,
    countedCompletionTokens: counted,
    outputDelivered: true,
  };
}
