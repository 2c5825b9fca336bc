/**
 * A conversation's whole reply read through the canonical model: decoded by the upstream format's codec,
 * metered, and encoded in the client's format — or, when both sides speak the same format (Claude, Gemini,
 * Responses), sent as it came, decoded only to meter it. Without the upstream's usage the client is shown
 * the counted one (billing counts the same way).
 */
import { countTextTokens } from '../billing/tokens.ts';
import { promptTokensOf } from '../call/call-state.ts';
import { codecFor, upstreamCodecFor } from '../call/conversion.ts';
import { clientFormat } from '../call/relay-call.ts';
import { replyModelOf } from '../call/trail.ts';
import { joinText } from '../canonical/helpers.ts';
import { billingUsage } from '../canonical/metering.ts';
import { usageOf } from '../canonical/text-dialect.ts';
import { type ReplyReader, unreadableReply } from './reply-reader.ts';

export const conversationReply: ReplyReader = {
  send(reply, state, input, body) {
    const { call } = state;
    const client = clientFormat(call);
    const upstreamCodec = upstreamCodecFor(input.target, input.adaptor);
    const text = body.toString('utf8');
    let decoded: ReturnType<typeof upstreamCodec.decodeReply>;
    try {
      decoded = upstreamCodec.decodeReply(JSON.parse(text));
    } catch (error) {
      const message = `the upstream reply could not be read: ${(error as Error).message}`;
      return unreadableReply(reply, state, input, message, 'bad_upstream_reply');
    }
    if (decoded.id) input.onReplyId?.(decoded.id);
    const usage = decoded.usage ? billingUsage(decoded.usage) : null;
    const countedCompletion = usage ? 0 : countTextTokens(joinText(decoded.content), call.model);
    const payload =
      client === input.target
        ? text
        : JSON.stringify(
            codecFor(client).encodeReply({
              ...decoded,
              usage: decoded.usage ?? usageOf(promptTokensOf(state), countedCompletion),
              model: replyModelOf(state),
            }),
          );
    reply.code(200).header('content-type', 'application/json').send(payload);
    return {
      outcome: 'completed',
      upstreamUsage: usage,
      deliveredCompletionTokens: countedCompletion,
      outputDelivered: true,
      firstResponseMs: null,
      channel: input.channel,
      upstreamModel: input.upstreamModel,
    };
  },
};
