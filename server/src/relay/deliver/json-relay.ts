/**
 * Non-streaming replies: the upstream's JSON is sent to the client byte for byte; it is parsed once for
 * the usage (and, when an upstream reports none, for the text to count).
 */
import type { TokenUsage } from '../billing/pricing.ts';
import { countTextTokens } from '../billing/tokens.ts';
import { readUsage } from '../formats/openai/usage.ts';
import type { RelayEndpoint } from '../providers/types.ts';
import { tokenUsageOf } from './openai-usage.ts';

export interface JsonReplyReading {
  upstreamUsage: TokenUsage | null;
  /** Completion tokens counted from the reply text (used only when the upstream sent no usage). */
  countedCompletionTokens: number;
  outputDelivered: boolean;
  /** Facts for the log row's `other` (audio seconds and tokens of a transcription). */
  logFields?: Record<string, number>;
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

/**
 * Reads a 2xx reply; null when it is not a JSON object (an HTML page from a proxy, a truncated body): such
 * a reply is not passed on or billed, the client gets a 502 (server/src/relay/call/pipeline.ts).
 */
/**
 * A transcription or translation reply: JSON (`json`, `verbose_json`) with the text and, from the newer
 * models, token usage; or plain text (`text`, `srt`, `vtt`). Without token usage it is priced by the
 * tokens of the text it returned (as new-api does), counted as prompt tokens.
 */
export function readTranscriptionReply(body: Buffer, model: string): JsonReplyReading {
  const text = body.toString('utf8');
  let transcript = text;
  const logFields: Record<string, number> = {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) {
      const reply = parsed as Record<string, unknown>;
      const reported = (reply.usage ?? {}) as Record<string, unknown>;
      const seconds = reported.type === 'duration' ? reported.seconds : reply.duration;
      if (typeof seconds === 'number' && seconds >= 0) logFields.audio_seconds = seconds;
      const audioTokens = (reported.input_token_details as Record<string, unknown> | undefined)?.audio_tokens;
      if (typeof audioTokens === 'number') logFields.audio_input_tokens = audioTokens;
      const usage = readUsage(reply.usage);
      if (usage && (usage.prompt_tokens > 0 || usage.completion_tokens > 0))
        return {
          upstreamUsage: tokenUsageOf(usage),
          countedCompletionTokens: 0,
          outputDelivered: true,
          logFields,
        };
      transcript = typeof reply.text === 'string' ? reply.text : '';
    }
  } catch {
    // a text, srt or vtt reply: the whole body is the transcript
  }
  return {
    upstreamUsage: { promptTokens: countTextTokens(transcript, model), completionTokens: 0 },
    countedCompletionTokens: 0,
    outputDelivered: true,
    logFields,
  };
}

export function readJsonReply(endpoint: RelayEndpoint, body: Buffer, model: string): JsonReplyReading | null {
  let reply: Record<string, unknown>;
  try {
    const parsed: unknown = JSON.parse(body.toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return null;
    reply = parsed as Record<string, unknown>;
  } catch {
    return null;
  }
  const usage = readUsage(reply.usage);
  const counted = usage ? 0 : countTextTokens(replyText(endpoint, reply), model);
  return {
    upstreamUsage: usage ? tokenUsageOf(usage) : null,
    countedCompletionTokens: counted,
    outputDelivered: true,
  };
}
