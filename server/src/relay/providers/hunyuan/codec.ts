/**
 * Tencent Hunyuan chat dialect (API 2023-09-01, action ChatCompletions): `{Model, Messages:[{Role,
 * Content}], Stream, Temperature, TopP}` in; `{Response: {Id, Created, Choices:[{Message, FinishReason}],
 * Usage:{PromptTokens, CompletionTokens}}}` out, and one unwrapped object per SSE frame of a stream with
 * `Delta` in place of `Message`. Errors are `{Response: {Error: {Code, Message}}}`, with HTTP 200.
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

/** The error of a Hunyuan body (wrapped in `Response` or not), or null. */
export function hunyuanError(body: unknown): { message: string; code: string } | null {
  const inner = isRecord(body) && isRecord(body.Response) ? body.Response : body;
  if (!isRecord(inner) || !isRecord(inner.Error)) return null;
  return {
    message: asString(inner.Error.Message) ?? 'Tencent Hunyuan error',
    code: asString(inner.Error.Code) ?? 'error',
  };
}

/** Tencent Cloud error codes as HTTP statuses. */
export function hunyuanErrorStatus(code: string): number {
  if (code.startsWith('AuthFailure')) return 401;
  if (code.startsWith('OperationDenied') || code.startsWith('UnauthorizedOperation')) return 403;
  if (/^(LimitExceeded|RequestLimitExceeded|ResourceInsufficient)/.test(code)) return 429;
  if (/^(InvalidParameter|MissingParameter|UnknownParameter|UnsupportedOperation)/.test(code)) return 400;
  return 500;
}

function hunyuanUsage(body: Record<string, unknown>): CanonicalUsage | null {
  if (!isRecord(body.Usage)) return null;
  return usageOf(tokens(body.Usage.PromptTokens), tokens(body.Usage.CompletionTokens));
}

function firstChoice(body: Record<string, unknown>): Record<string, unknown> | undefined {
  const choice = Array.isArray(body.Choices) ? body.Choices[0] : undefined;
  return isRecord(choice) ? choice : undefined;
}

class HunyuanStreamDecoder extends JsonEventDecoder {
  protected read(data: Record<string, unknown>): StreamEvent[] {
    const error = hunyuanError(data);
    if (error) return [{ type: 'error', message: error.message, errorType: error.code }];
    const events: StreamEvent[] = [];
    const id = asString(data.Id) ?? '';
    const choice = firstChoice(data);
    const delta = choice && isRecord(choice.Delta) ? choice.Delta : undefined;
    this.state.text(events, asString(delta?.Content) ?? '', id);
    this.state.reportUsage(hunyuanUsage(data));
    const finish = asString(choice?.FinishReason);
    if (finish) this.state.finish(events, stopReasonFromText(finish), id);
    return events;
  }
}

export const hunyuanCodec: UpstreamCodec = {
  id: 'hunyuan',

  encodeRequest(request: CanonicalRequest): Record<string, unknown> {
    const { system, turns } = plainConversation(request);
    const messages: { Role: string; Content: string }[] = turns.map((turn) => ({
      Role: turn.role,
      Content: turn.content,
    }));
    if (system) messages.unshift({ Role: 'system', Content: system });
    const body: Record<string, unknown> = {
      Model: request.model,
      Messages: messages,
      Stream: request.stream,
    };
    if (request.temperature !== undefined) body.Temperature = Math.min(2, Math.max(0, request.temperature));
    if (request.topP !== undefined) body.TopP = request.topP;
    return body;
  },

  decodeReply(body: unknown): CanonicalReply {
    const error = hunyuanError(body);
    if (error) throw new Error(`Tencent Hunyuan error ${error.code}: ${error.message}`);
    const reply = isRecord(body) && isRecord(body.Response) ? body.Response : undefined;
    if (!reply) throw new Error('not a Hunyuan reply');
    const choice = firstChoice(reply);
    const message = choice && isRecord(choice.Message) ? choice.Message : undefined;
    return textReply({
      id: asString(reply.Id) ?? asString(reply.RequestId) ?? '',
      model: '',
      ...(asNumber(reply.Created) !== undefined ? { created: asNumber(reply.Created) } : {}),
      text: asString(message?.Content) ?? '',
      stopReason: stopReasonFromText(choice?.FinishReason),
      usage: hunyuanUsage(reply),
    });
  },

  streamDecoder: () => new HunyuanStreamDecoder(),

  okError(body: unknown) {
    const error = hunyuanError(body);
    return error ? { status: hunyuanErrorStatus(error.code), ...error } : null;
  },

  readError(body: unknown) {
    return hunyuanError(body);
  },
};
