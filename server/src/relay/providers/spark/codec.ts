/**
 * iFlytek Spark chat dialect (docs/providers/spark.md). The request is the one JSON frame sent after the
 * socket opens: `{header: {app_id, uid}, parameter: {chat: {domain, temperature, top_k, max_tokens,
 * auditing}}, payload: {message: {text: [{role, content}]}}}` (app_id and domain are the adaptor's, see
 * ./index.ts). Reply frames are `{header: {code, message, sid, status}, payload: {choices: {status, seq,
 * text: [{content, role, index}]}, usage: {text: {prompt_tokens, completion_tokens, …}}}}`; status 2 marks
 * the last frame (with the usage), a code other than 0 an error. The transport (./transport.ts) hands a
 * stream over as SSE, one frame per `data:` line, and a whole reply as `{frames: [...]}`.
 */
import type { UpstreamCodec } from '../../canonical/codec.ts';
import { asString, isRecord, tokens } from '../../canonical/helpers.ts';
import { JsonEventDecoder, plainConversation, textReply, usageOf } from '../../canonical/text-dialect.ts';
import type { CanonicalReply, CanonicalRequest, CanonicalUsage, StreamEvent } from '../../canonical/types.ts';

/** Spark's error codes by what they mean to the relay (docs/providers/spark.md). */
const AUTH_CODES = new Set([10015, 10016, 11200]);
const RATE_CODES = new Set([10006, 10007, 11201, 11202, 11203]);
const REQUEST_CODES = new Set([10003, 10004, 10005, 10163, 10907]);
const AUDIT_CODES = new Set([10013, 10014, 10019]);

/**
 * The HTTP status an error code stands for: authorization and licence errors 401 (the channel's key or
 * account), flow limits 429, parameter errors and content audits 400 (the request itself), anything else
 * 502 (the service; tried on another channel).
 */
export function sparkErrorStatus(code: number): number {
  if (AUTH_CODES.has(code)) return 401;
  if (RATE_CODES.has(code)) return 429;
  if (REQUEST_CODES.has(code) || AUDIT_CODES.has(code)) return 400;
  return 502;
}

/** A reply frame's header fields the relay reads. */
export interface SparkFrameHeader {
  /** 0 for success. */
  code: number;
  message: string;
  sid: string;
  /** Whether no frame follows (status 2, or an error). */
  last: boolean;
}

export function sparkFrameHeader(frame: unknown): SparkFrameHeader | null {
  if (!isRecord(frame) || !isRecord(frame.header)) return null;
  const { header } = frame;
  const read = Number(header.code ?? 0);
  const code = Number.isInteger(read) ? read : -1;
  const choices = isRecord(frame.payload) && isRecord(frame.payload.choices) ? frame.payload.choices : {};
  return {
    code,
    message: asString(header.message) ?? '',
    sid: asString(header.sid) ?? '',
    last: code !== 0 || header.status === 2 || choices.status === 2,
  };
}

function sparkError(frame: unknown): { message: string; code: string; type?: string } | null {
  const header = sparkFrameHeader(frame);
  if (!header || header.code === 0) return null;
  return {
    message: header.message || `iFlytek Spark error ${header.code}`,
    code: String(header.code),
    ...(AUDIT_CODES.has(header.code) ? { type: 'content_filter' } : {}),
  };
}

function frameText(frame: Record<string, unknown>): string {
  const choices = isRecord(frame.payload) && isRecord(frame.payload.choices) ? frame.payload.choices : null;
  if (!choices || !Array.isArray(choices.text)) return '';
  return choices.text.map((item) => (isRecord(item) ? (asString(item.content) ?? '') : '')).join('');
}

function frameUsage(frame: Record<string, unknown>): CanonicalUsage | null {
  const usage = isRecord(frame.payload) && isRecord(frame.payload.usage) ? frame.payload.usage.text : null;
  if (!isRecord(usage)) return null;
  return usageOf(tokens(usage.prompt_tokens), tokens(usage.completion_tokens));
}

/** Spark accepts a temperature in (0, 1] and a top_k in 1‥6. */
function clamp(value: number | undefined, low: number, high: number): number | undefined {
  return value === undefined ? undefined : Math.min(high, Math.max(low, value));
}

class SparkStreamDecoder extends JsonEventDecoder {
  protected read(frame: Record<string, unknown>): StreamEvent[] {
    const error = sparkError(frame);
    if (error) return [{ type: 'error', message: error.message, errorType: error.code }];
    const header = sparkFrameHeader(frame);
    if (!header) return [];
    const events: StreamEvent[] = [];
    this.state.text(events, frameText(frame), header.sid);
    this.state.reportUsage(frameUsage(frame));
    if (header.last) this.state.finish(events, 'end_turn', header.sid);
    return events;
  }
}

export const sparkCodec: UpstreamCodec = {
  id: 'spark',

  encodeRequest(request: CanonicalRequest): Record<string, unknown> {
    const { system, turns } = plainConversation(request);
    const text = system ? [{ role: 'system', content: system }, ...turns] : turns;
    const chat: Record<string, unknown> = { auditing: 'default' };
    const temperature = clamp(request.temperature, 0.01, 1);
    if (temperature !== undefined) chat.temperature = temperature;
    const topK = clamp(request.topK, 1, 6);
    if (topK !== undefined) chat.top_k = Math.round(topK);
    if (request.maxTokens !== undefined && request.maxTokens > 0) chat.max_tokens = request.maxTokens;
    return {
      header: request.user ? { uid: request.user.slice(0, 32) } : {},
      parameter: { chat },
      payload: { message: { text } },
    };
  },

  decodeReply(body: unknown): CanonicalReply {
    if (!isRecord(body) || !Array.isArray(body.frames) || body.frames.length === 0)
      throw new Error('not a Spark reply');
    let text = '';
    let usage: CanonicalUsage | null = null;
    let sid = '';
    for (const frame of body.frames) {
      const error = sparkError(frame);
      if (error) throw new Error(`iFlytek Spark error ${error.code}: ${error.message}`);
      if (!isRecord(frame)) throw new Error('a Spark frame is not a JSON object');
      text += frameText(frame);
      usage = frameUsage(frame) ?? usage;
      sid ||= sparkFrameHeader(frame)?.sid ?? '';
    }
    if (!sparkFrameHeader(body.frames.at(-1))?.last) throw new Error('the Spark reply has no last frame');
    return textReply({ id: sid, model: '', text, stopReason: 'end_turn', usage });
  },

  streamDecoder: () => new SparkStreamDecoder(),

  readError(body: unknown) {
    const error = sparkError(body);
    if (error) return error;
    // A refused handshake answers HTTP with `{"message": "…"}`.
    if (isRecord(body) && typeof body.message === 'string' && !isRecord(body.header))
      return { message: body.message };
    return null;
  },
};
