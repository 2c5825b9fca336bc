/**
 * Zhipu's v3 model API (ChatGLM: chatglm_turbo, chatglm_pro, chatglm_std, chatglm_lite): `{prompt:[{role,
 * content}], temperature, top_p, incremental}` in; `{code, msg, success, data:{task_id, choices:[{role,
 * content}], usage}}` out, where `content` is a JSON-quoted string. Streams (`sse-invoke`) send raw text
 * in `add` events and end with a `finish` event whose `meta:` field holds the usage; `error` and
 * `interrupted` events end them badly. The prompt has no system role: a system text becomes a first
 * user turn the assistant acknowledges.
 */
import type { SseMessage, StreamDecoder, UpstreamCodec } from '../../canonical/codec.ts';
import { asString, isRecord, tokens } from '../../canonical/helpers.ts';
import { plainConversation, TextStreamState, textReply, usageOf } from '../../canonical/text-dialect.ts';
import type { CanonicalReply, CanonicalRequest, CanonicalUsage, StreamEvent } from '../../canonical/types.ts';

function zhipuUsage(usage: unknown): CanonicalUsage | null {
  if (!isRecord(usage)) return null;
  return usageOf(tokens(usage.prompt_tokens), tokens(usage.completion_tokens));
}

/** v3 quotes the content as a JSON string (`"\" Hello\\n\""`): unquoted, escapes read. */
function unquote(content: string): string {
  const text = content.trim();
  if (text.length >= 2 && text.startsWith('"') && text.endsWith('"')) {
    try {
      const parsed: unknown = JSON.parse(text);
      if (typeof parsed === 'string') return parsed.trim();
    } catch {
      return text.slice(1, -1).trim();
    }
  }
  return content;
}

class ZhipuStreamDecoder implements StreamDecoder {
  private readonly state = new TextStreamState();

  push(message: SseMessage): StreamEvent[] {
    const events: StreamEvent[] = [];
    switch (message.event) {
      case 'error':
      case 'interrupted':
        return [{ type: 'error', message: message.data || `the stream was ${message.event}` }];
      case 'finish': {
        this.state.text(events, message.data);
        let meta: unknown = null;
        try {
          meta = message.meta ? JSON.parse(message.meta) : null;
        } catch {
          meta = null;
        }
        if (isRecord(meta)) this.state.reportUsage(zhipuUsage(meta.usage));
        this.state.finish(events, 'end_turn', isRecord(meta) ? (asString(meta.task_id) ?? '') : '');
        return events;
      }
      default:
        this.state.text(events, message.data);
        return events;
    }
  }

  end(): StreamEvent[] {
    return [];
  }
}

export const zhipuV3Codec: UpstreamCodec = {
  id: 'zhipu-v3',
  sse: { keepLeadingSpace: true },

  encodeRequest(request: CanonicalRequest): Record<string, unknown> {
    const { system, turns } = plainConversation(request);
    const prompt = system
      ? [{ role: 'user', content: system }, { role: 'assistant', content: 'Okay' }, ...turns]
      : turns;
    const body: Record<string, unknown> = { prompt, incremental: true };
    if (request.temperature !== undefined)
      body.temperature = Math.min(1, Math.max(0.01, request.temperature));
    if (request.topP !== undefined) body.top_p = request.topP;
    return body;
  },

  decodeReply(body: unknown): CanonicalReply {
    if (!isRecord(body)) throw new Error('not a Zhipu reply');
    if (body.success !== true || !isRecord(body.data)) {
      throw new Error(`Zhipu error ${String(body.code ?? '')}: ${asString(body.msg) ?? 'request failed'}`);
    }
    const { data } = body;
    const choices = Array.isArray(data.choices) ? data.choices.filter(isRecord) : [];
    return textReply({
      id: asString(data.task_id) ?? asString(data.request_id) ?? '',
      model: '',
      text: choices.map((choice) => unquote(asString(choice.content) ?? '')).join(''),
      stopReason: 'end_turn',
      usage: zhipuUsage(data.usage),
    });
  },

  streamDecoder: () => new ZhipuStreamDecoder(),

  okError(body: unknown) {
    if (!isRecord(body) || body.success !== false) return null;
    const code = Number(body.code);
    const status =
      code >= 1000 && code <= 1004
        ? 401
        : code >= 1302 && code <= 1305
          ? 429
          : code >= 1210 && code <= 1301
            ? 400
            : 500;
    return { status, message: asString(body.msg) ?? 'Zhipu request failed', code: String(body.code ?? '') };
  },

  readError(body: unknown) {
    if (!isRecord(body)) return null;
    const message = asString(body.msg) ?? asString(body.message);
    if (!message) return null;
    return { message, code: body.code === undefined ? null : String(body.code) };
  },
};
