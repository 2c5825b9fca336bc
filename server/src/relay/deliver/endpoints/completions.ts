/**
 * Chat Completions and text completions passed through to an OpenAI-format upstream, read whole: the
 * upstream's JSON goes to the client byte for byte after its usage is read (../json-relay.ts readJsonReply).
 * The hot path of the relay (bench/README.md): nothing is allocated here beyond the reading itself.
 */
import type { CallState, Ending } from '../../call/call-state.ts';
import type { RelayReply } from '../../http/http-types.ts';
import { readJsonReply } from '../json-relay.ts';
import { type ReplyInput, type ReplyReader, unreadableReply } from '../reply-reader.ts';

/** The failure of an HTTP 200 whose body is no JSON reply (a proxy's HTML page, a truncated body). */
export function notAJsonReply(reply: RelayReply, state: CallState, input: ReplyInput, body: Buffer): Ending {
  const message = `the upstream answered HTTP 200 with a body that is not a JSON reply (${body.length} bytes)`;
  return unreadableReply(reply, state, input, message, 'bad_upstream_reply');
}

export const completionsPassThrough: ReplyReader = {
  send(reply, state, input, body, contentType) {
    const reading = readJsonReply(state.call.endpoint, body, state.call.model);
    if (!reading) return notAJsonReply(reply, state, input, body);
    reply
      .code(200)
      .header('content-type', contentType || 'application/json')
      .send(body);
    return {
      outcome: 'completed',
      upstreamUsage: reading.upstreamUsage,
      deliveredCompletionTokens: reading.countedCompletionTokens,
      outputDelivered: reading.outputDelivered,
      firstResponseMs: null,
      channel: input.channel,
      upstreamModel: input.upstreamModel,
    };
  },
};
