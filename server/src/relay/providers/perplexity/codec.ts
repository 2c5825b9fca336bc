/**
 * Perplexity's chat dialect: OpenAI Chat Completions with the search sources on the reply (`citations`,
 * `search_results`). OpenAI chat clients get the upstream's bytes as they came, the sources included (the
 * relay's pass-through of one format: the codec is not used then). For Claude, Gemini and Responses
 * clients the reply is decoded as OpenAI chat and the sources are added after the answer as one more text
 * block (./sources.ts), because the canonical model (server/src/relay/canonical/types.ts) has no field for
 * citations.
 */
import type { SseMessage, StreamDecoder, UpstreamCodec } from '../../canonical/codec.ts';
import { eventObject } from '../../canonical/helpers.ts';
import type { CanonicalReply, StreamEvent } from '../../canonical/types.ts';
import { openAiChatCodec } from '../../formats/openai/chat-codec.ts';
import { type Source, sourcesOf, sourcesText } from './sources.ts';

/** A reply with its sources after the answer. */
export function withSources(reply: CanonicalReply, sources: readonly Source[] | null): CanonicalReply {
  if (!sources) return reply;
  return { ...reply, content: [...reply.content, { type: 'text', text: sourcesText(sources) }] };
}

/**
 * OpenAI chat stream decoding, keeping the newest sources the chunks carried; the sources go out as a
 * text block of their own just before the stream's stop.
 */
export class PerplexityStreamDecoder implements StreamDecoder {
  private readonly inner = openAiChatCodec.streamDecoder();
  private sources: Source[] | null = null;
  private nextIndex = 0;
  private added = false;

  push(message: SseMessage): StreamEvent[] {
    // Only chunks that name sources are read a second time.
    if (message.data.includes('"citations"') || message.data.includes('"search_results"'))
      this.sources = sourcesOf(eventObject(message.data)) ?? this.sources;
    return this.withSourcesBeforeStop(this.inner.push(message));
  }

  end(): StreamEvent[] {
    return this.withSourcesBeforeStop(this.inner.end());
  }

  private withSourcesBeforeStop(events: StreamEvent[]): StreamEvent[] {
    const out: StreamEvent[] = [];
    for (const event of events) {
      if (event.type === 'block_start') this.nextIndex = Math.max(this.nextIndex, event.index + 1);
      if (event.type === 'stop' && !this.added && this.sources) {
        this.added = true;
        const index = this.nextIndex++;
        out.push(
          { type: 'block_start', index, block: { type: 'text' } },
          { type: 'text_delta', index, text: sourcesText(this.sources) },
          { type: 'block_stop', index },
        );
      }
      out.push(event);
    }
    return out;
  }
}

export const perplexityCodec: UpstreamCodec = {
  // Perplexity speaks OpenAI chat: an OpenAI chat client is its own format and passes through.
  id: 'openai-chat',
  encodeRequest: (request) => openAiChatCodec.encodeRequest(request),
  decodeReply: (body) => withSources(openAiChatCodec.decodeReply(body), sourcesOf(body)),
  streamDecoder: () => new PerplexityStreamDecoder(),
  readError: (body) => openAiChatCodec.readError(body),
};
