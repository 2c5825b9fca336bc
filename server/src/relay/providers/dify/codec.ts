/**
 * Dify chat-messages dialect (docs/providers/dify.md). Dify keeps a conversation's history on its side
 * under a conversation id; the gateway is stateless, so the whole conversation is written into `query`
 * (`SYSTEM:`, `USER:`, `ASSISTANT:` sections in order; a lone user turn goes as its bare text) and the
 * image URLs of the last user turn go as remote-URL `files`. A blocking reply is one `message` object;
 * a stream is SSE frames `data: {"event": …}` — `message` / `agent_message` carry a piece of the answer,
 * `message_end` the usage, `error` a failure; every other event (ping, workflow and node progress,
 * agent thoughts, files, TTS) is ignored.
 */
import type { UpstreamCodec } from '../../canonical/codec.ts';
import { asNumber, asString, isRecord, tokens } from '../../canonical/helpers.ts';
import { JsonEventDecoder, plainConversation, textReply, usageOf } from '../../canonical/text-dialect.ts';
import type { CanonicalReply, CanonicalRequest, CanonicalUsage, StreamEvent } from '../../canonical/types.ts';

/** The `user` Dify requires (it scopes conversations and logs) when the client names none. */
export const DIFY_DEFAULT_USER = 'switchyard';

const ROLE_HEADINGS = { system: 'SYSTEM', user: 'USER', assistant: 'ASSISTANT' } as const;

/** The conversation as one query: the bare text of a lone user turn, else headed sections in order. */
export function difyQuery(request: CanonicalRequest): string {
  const { system, turns } = plainConversation(request);
  const only = turns[0];
  if (!system && turns.length === 1 && only?.role === 'user') return only.content;
  const sections = system ? [{ role: 'system' as const, content: system }, ...turns] : turns;
  return sections.map((section) => `${ROLE_HEADINGS[section.role]}:\n${section.content}\n`).join('');
}

/** The image URLs (not inline data, which Dify cannot fetch) of the last user turn, as Dify files. */
function difyFiles(request: CanonicalRequest): Record<string, string>[] {
  const last = request.messages.findLast((message) => message.role === 'user');
  const files: Record<string, string>[] = [];
  for (const block of last?.content ?? []) {
    if (block.type === 'image' && block.source.kind === 'url')
      files.push({ type: 'image', transfer_method: 'remote_url', url: block.source.url });
  }
  return files;
}

/** Dify's error body `{code, message, status}` (HTTP 4xx/5xx, or an `error` event of a stream). */
export function difyError(body: unknown): { message: string; code: string | null } | null {
  if (!isRecord(body) || typeof body.message !== 'string') return null;
  const isError =
    body.event === undefined ? body.code !== undefined || body.status !== undefined : body.event === 'error';
  if (!isError) return null;
  return { message: body.message || 'Dify error', code: asString(body.code) ?? null };
}

function difyUsage(body: Record<string, unknown>): CanonicalUsage | null {
  const usage = isRecord(body.metadata) && isRecord(body.metadata.usage) ? body.metadata.usage : null;
  return usage ? usageOf(tokens(usage.prompt_tokens), tokens(usage.completion_tokens)) : null;
}

class DifyStreamDecoder extends JsonEventDecoder {
  protected read(data: Record<string, unknown>): StreamEvent[] {
    const events: StreamEvent[] = [];
    const id = asString(data.message_id) ?? asString(data.id) ?? '';
    switch (data.event) {
      case 'message':
      case 'agent_message':
        this.state.text(events, asString(data.answer) ?? '', id);
        break;
      case 'message_end':
        this.state.reportUsage(difyUsage(data));
        this.state.finish(events, 'end_turn', id);
        break;
      case 'error': {
        const error = difyError(data);
        events.push({
          type: 'error',
          message: error?.message ?? 'Dify reported an error',
          ...(error?.code ? { errorType: error.code } : {}),
        });
        break;
      }
      default:
        break;
    }
    return events;
  }
}

export const difyCodec: UpstreamCodec = {
  id: 'dify',

  encodeRequest(request: CanonicalRequest): Record<string, unknown> {
    const body: Record<string, unknown> = {
      inputs: {},
      query: difyQuery(request),
      response_mode: request.stream ? 'streaming' : 'blocking',
      user: request.user || DIFY_DEFAULT_USER,
    };
    const files = difyFiles(request);
    if (files.length > 0) body.files = files;
    return body;
  },

  decodeReply(body: unknown): CanonicalReply {
    const error = difyError(body);
    if (error) throw new Error(`Dify error${error.code ? ` ${error.code}` : ''}: ${error.message}`);
    if (!isRecord(body) || typeof body.answer !== 'string') throw new Error('no answer in the reply');
    const created = asNumber(body.created_at);
    return textReply({
      id: asString(body.message_id) ?? asString(body.id) ?? '',
      model: '',
      ...(created !== undefined ? { created } : {}),
      text: body.answer,
      stopReason: 'end_turn',
      usage: difyUsage(body),
    });
  },

  streamDecoder: () => new DifyStreamDecoder(),

  readError(body: unknown) {
    const error = difyError(body);
    return error ? { message: error.message, code: error.code } : null;
  },
};
