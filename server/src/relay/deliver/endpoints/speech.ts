/**
 * Speech (`/v1/audio/speech`): the audio goes to the client as it arrives (../binary-relay.ts), billed by
 * the input's characters (server/src/relay/call/prompt-tokens.ts) once any audio went out; an upstream that
 * answers JSON is read like the other result endpoints (./openai-result.ts).
 */
import { abortedEnding, deferredEnd, promptTokensOf } from '../../call/call-state.ts';
import { relayBinary } from '../binary-relay.ts';
import type { ReplyReader } from '../reply-reader.ts';
import { jsonResult } from './openai-result.ts';

export const speechReply: ReplyReader = {
  send: jsonResult.send,
  async deliverUnread(reply, state, input, contentType) {
    if (contentType.includes('application/json')) return null;
    const { channel, upstreamModel } = input;
    reply.hijack();
    const sent = await relayBinary(
      reply.raw,
      input.response.body,
      contentType,
      state.requestId,
      deferredEnd(state, reply.raw),
    );
    if (state.clientGone) return abortedEnding(channel, upstreamModel);
    const characters = promptTokensOf(state);
    return {
      outcome: sent.complete ? 'completed' : 'upstream_failed_after_output',
      upstreamUsage: sent.bytes > 0 ? { promptTokens: characters, completionTokens: 0 } : null,
      deliveredCompletionTokens: 0,
      outputDelivered: sent.bytes > 0,
      firstResponseMs: null,
      channel,
      upstreamModel,
      logFields: { speech_characters: characters },
    };
  },
};
