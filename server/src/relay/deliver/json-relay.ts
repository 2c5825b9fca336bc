/**
 * Non-streaming replies: the upstream's JSON is sent to the client byte for byte. One pass over its bytes
 * checks that it is one JSON object and finds its top-level `usage` (../formats/openai/usage-scan.ts), and
 * only that is parsed; the whole body is parsed when the upstream reports no usage (the text is counted
 * then) or when the scanner cannot vouch for the body.
 */
import type { TokenUsage } from '../billing/pricing.ts';
import { countTextTokens } from '../billing/tokens.ts';
import { readUsage } from '../formats/openai/usage.ts';
import { scanTopLevelUsage } from '../formats/openai/usage-scan.ts';
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

/**
 * Reads a 2xx reply; null when it is not a JSON object (an HTML page from a proxy, a truncated body): such
 * a reply is not passed on or billed, the client gets a 502 (./endpoints/completions.ts).
 */
export function readJsonReply(endpoint: RelayEndpoint, body: Buffer, model: string): JsonReplyReading | null {
  const found = scanTopLevelUsage(body);
  if (typeof found === 'object') {
    let usage: ReturnType<typeof readUsage>;
    try {
      usage = readUsage(JSON.parse(body.toString('utf8', found.start, found.end)));
    } catch {
      usage = undefined; // the scanner vouched for it; should it be wrong, the whole parse below decides
    }
    if (usage)
      return { upstreamUsage: tokenUsageOf(usage), countedCompletionTokens: 0, outputDelivered: true };
  }
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
