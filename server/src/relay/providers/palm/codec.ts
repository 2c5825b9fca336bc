/**
 * Google PaLM 2 chat dialect, Generative Language v1beta2 `generateMessage` (docs/providers/palm.md):
 * `{prompt: {context, messages: [{author, content}]}, temperature, candidateCount, topP, topK}` in, with
 * author "0" for the user and "1" for the model; `{candidates: [{author, content}], messages, filters}`
 * out. A reply without candidates but with filters is a blocked one (content_filter, no text). PaLM
 * reports no usage and cannot stream: a stream call gets the whole reply as one SSE event (the adaptor's
 * framing, ./index.ts), which the stream decoder turns into the events of a complete stream. Errors are
 * Google's `{error: {code, message, status}}`.
 */
import type { SseMessage, StreamDecoder, UpstreamCodec } from '../../canonical/codec.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import { plainConversation, replyEvents, textReply } from '../../canonical/text-dialect.ts';
import type { CanonicalReply, CanonicalRequest, StreamEvent } from '../../canonical/types.ts';
import { readGeminiError } from '../../formats/gemini/errors.ts';

const AUTHORS = { user: '0', assistant: '1' } as const;

/** PaLM's chat models accept a temperature in [0, 1]. */
function temperature(value: number | undefined): number | undefined {
  return value === undefined ? undefined : Math.min(1, Math.max(0, value));
}

function decodeReply(body: unknown): CanonicalReply {
  const error = readGeminiError(body);
  if (error) throw new Error(`PaLM error${error.code ? ` ${error.code}` : ''}: ${error.message}`);
  if (!isRecord(body)) throw new Error('not a JSON object');
  const candidates = Array.isArray(body.candidates) ? body.candidates.filter(isRecord) : [];
  const filters = Array.isArray(body.filters) ? body.filters : [];
  const first = candidates[0];
  if (!first) {
    if (filters.length === 0) throw new Error('the reply has neither candidates nor filters');
    return textReply({ id: '', model: '', text: '', stopReason: 'content_filter', usage: null });
  }
  return textReply({
    id: '',
    model: '',
    text: asString(first.content) ?? '',
    stopReason: 'end_turn',
    usage: null,
  });
}

/** The single event the adaptor's framing makes of a whole reply, as the events of a finished stream. */
class PalmStreamDecoder implements StreamDecoder {
  private done = false;

  push(message: SseMessage): StreamEvent[] {
    if (this.done) return [];
    this.done = true;
    try {
      return replyEvents(decodeReply(JSON.parse(message.data)));
    } catch (error) {
      const reason = error instanceof SyntaxError ? 'the reply is not JSON' : (error as Error).message;
      return [{ type: 'error', message: `the upstream reply could not be read: ${reason}` }];
    }
  }

  end(): StreamEvent[] {
    if (this.done) return [];
    this.done = true;
    return [{ type: 'error', message: 'the upstream reply was empty' }];
  }
}

export const palmCodec: UpstreamCodec = {
  id: 'palm',

  encodeRequest(request: CanonicalRequest): Record<string, unknown> {
    const { system, turns } = plainConversation(request);
    const prompt: Record<string, unknown> = {
      messages: turns.map((turn) => ({ author: AUTHORS[turn.role], content: turn.content })),
    };
    if (system) prompt.context = system;
    const body: Record<string, unknown> = { prompt, candidateCount: 1 };
    const temp = temperature(request.temperature);
    if (temp !== undefined) body.temperature = temp;
    if (request.topP !== undefined) body.topP = request.topP;
    if (request.topK !== undefined) body.topK = request.topK;
    return body;
  },

  decodeReply,

  streamDecoder: () => new PalmStreamDecoder(),

  readError: readGeminiError,
};
