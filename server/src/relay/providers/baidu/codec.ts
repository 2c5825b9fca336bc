/**
 * Baidu ERNIE (Wenxin v1) chat dialect: `{messages, system, temperature, top_p, max_output_tokens, stop,
 * stream}` in; `{id, created, result, is_truncated, finish_reason, usage}` out, and the same object per
 * SSE frame of a stream (`is_end` on the last). Errors come as `{error_code, error_msg}`, often with HTTP
 * 200, which decodeReply refuses so the relay reports them (docs/providers.md).
 */
import type { UpstreamCodec } from '../../canonical/codec.ts';
import { asNumber, asString, isRecord, tokens } from '../../canonical/helpers.ts';
import {
  JsonEventDecoder,
  plainConversation,
  stopReasonFromText,
  textReply,
  usageOf,
} from '../../canonical/text-dialect.ts';
import type { CanonicalReply, CanonicalRequest, CanonicalUsage, StreamEvent } from '../../canonical/types.ts';

/** ERNIE accepts a temperature in (0, 1]. */
function temperature(value: number | undefined): number | undefined {
  if (value === undefined) return undefined;
  return Math.min(1, Math.max(0.01, value));
}

export function baiduError(body: unknown): { message: string; code: string } | null {
  if (!isRecord(body) || body.error_code === undefined || body.error_code === 0) return null;
  return {
    message: asString(body.error_msg) ?? `Baidu error ${String(body.error_code)}`,
    code: String(body.error_code),
  };
}

/** Baidu's error codes as HTTP statuses: token refused, limits, parameters; anything else is its fault. */
export function baiduErrorStatus(code: string): number {
  if (code === '110' || code === '111') return 401;
  if (['4', '17', '18', '19', '336501', '336502'].includes(code)) return 429;
  if (code.startsWith('336') && code !== '336000' && code !== '336100') return 400;
  return 500;
}

function baiduUsage(body: Record<string, unknown>): CanonicalUsage | null {
  if (!isRecord(body.usage)) return null;
  return usageOf(tokens(body.usage.prompt_tokens), tokens(body.usage.completion_tokens));
}

function refuseError(body: unknown): Record<string, unknown> {
  const error = baiduError(body);
  if (error) throw new Error(`Baidu error ${error.code}: ${error.message}`);
  if (!isRecord(body)) throw new Error('not a JSON object');
  return body;
}

class BaiduStreamDecoder extends JsonEventDecoder {
  protected read(data: Record<string, unknown>): StreamEvent[] {
    const error = baiduError(data);
    if (error) return [{ type: 'error', message: error.message, errorType: error.code }];
    const events: StreamEvent[] = [];
    const id = asString(data.id) ?? '';
    this.state.text(events, asString(data.result) ?? '', id);
    this.state.reportUsage(baiduUsage(data));
    if (data.is_end === true) this.state.finish(events, stopReasonFromText(data.finish_reason), id);
    return events;
  }
}

export const baiduCodec: UpstreamCodec = {
  id: 'baidu',

  encodeRequest(request: CanonicalRequest): Record<string, unknown> {
    const { system, turns } = plainConversation(request);
    const body: Record<string, unknown> = { messages: turns, stream: request.stream };
    if (system) body.system = system;
    const temp = temperature(request.temperature);
    if (temp !== undefined) body.temperature = temp;
    if (request.topP !== undefined) body.top_p = request.topP;
    if (request.maxTokens !== undefined) body.max_output_tokens = request.maxTokens;
    if (request.stopSequences?.length) body.stop = request.stopSequences;
    if (request.presencePenalty !== undefined) body.penalty_score = 1 + Math.max(0, request.presencePenalty);
    if (request.user) body.user_id = request.user;
    return body;
  },

  decodeReply(body: unknown): CanonicalReply {
    const reply = refuseError(body);
    return textReply({
      id: asString(reply.id) ?? '',
      model: '',
      ...(asNumber(reply.created) !== undefined ? { created: asNumber(reply.created) } : {}),
      text: asString(reply.result) ?? '',
      stopReason: reply.is_truncated === true ? 'max_tokens' : stopReasonFromText(reply.finish_reason),
      usage: baiduUsage(reply),
    });
  },

  streamDecoder: () => new BaiduStreamDecoder(),

  okError(body: unknown) {
    const error = baiduError(body);
    return error ? { status: baiduErrorStatus(error.code), message: error.message, code: error.code } : null;
  },

  readError(body: unknown) {
    const error = baiduError(body);
    if (error) return { message: error.message, code: error.code };
    if (isRecord(body) && typeof body.error_description === 'string')
      return { message: body.error_description, code: asString(body.error) ?? null };
    return null;
  },
};
