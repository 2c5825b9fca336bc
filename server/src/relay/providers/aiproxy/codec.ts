/**
 * AI Proxy's knowledge-base API (`POST /api/library/ask`): `{model, query, libraryId, stream}` in, where the
 * query is the last user turn (the library keeps no history); `{success, message, answer, documents:[{title,
 * url}]}` out, and per SSE frame `{content, finish, model, documents}`. The documents an answer cites are
 * appended to it as a numbered list of links. No usage is reported (the gateway counts).
 */
import type { UpstreamCodec } from '../../canonical/codec.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import { JsonEventDecoder, plainConversation, textReply } from '../../canonical/text-dialect.ts';
import type { CanonicalReply, CanonicalRequest, StreamEvent } from '../../canonical/types.ts';

/** The cited documents as the text appended to an answer ('' when there are none). */
export function documentsText(documents: unknown): string {
  const list = Array.isArray(documents) ? documents.filter(isRecord) : [];
  if (list.length === 0) return '';
  const lines = list.map(
    (document, index) => `${index + 1}. [${asString(document.title) ?? ''}](${asString(document.url) ?? ''})`,
  );
  return `\n\n参考文档：\n${lines.join('\n')}\n`;
}

class LibraryStreamDecoder extends JsonEventDecoder {
  private documents: unknown = null;

  protected read(data: Record<string, unknown>): StreamEvent[] {
    if (data.success === false)
      return [{ type: 'error', message: asString(data.message) ?? 'AI Proxy error' }];
    const events: StreamEvent[] = [];
    if (Array.isArray(data.documents) && data.documents.length > 0) this.documents = data.documents;
    this.state.text(events, asString(data.content) ?? '');
    if (data.finish === true) {
      this.state.text(events, documentsText(this.documents));
      this.state.finish(events, 'end_turn');
    }
    return events;
  }
}

export const aiProxyLibraryCodec: UpstreamCodec = {
  id: 'aiproxy-library',

  encodeRequest(request: CanonicalRequest): Record<string, unknown> {
    const { turns } = plainConversation(request);
    const lastUser = [...turns].reverse().find((turn) => turn.role === 'user');
    return { model: request.model, query: lastUser?.content ?? '', stream: request.stream };
  },

  decodeReply(body: unknown): CanonicalReply {
    if (!isRecord(body)) throw new Error('not an AI Proxy reply');
    if (body.success !== true) throw new Error(asString(body.message) ?? 'AI Proxy request failed');
    return textReply({
      id: '',
      model: '',
      text: `${asString(body.answer) ?? ''}${documentsText(body.documents)}`,
      stopReason: 'end_turn',
      usage: null,
    });
  },

  streamDecoder: () => new LibraryStreamDecoder(),

  okError(body: unknown) {
    if (!isRecord(body) || body.success !== false) return null;
    return { status: 500, message: asString(body.message) ?? 'AI Proxy request failed' };
  },

  readError(body: unknown) {
    if (!isRecord(body)) return null;
    const message =
      asString(body.message) ?? (isRecord(body.error) ? asString(body.error.message) : undefined);
    return message ? { message } : null;
  },
};
