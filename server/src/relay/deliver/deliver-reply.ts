/**
 * The delivery stage of a call (docs/relay-walkthrough.md): an upstream's successful answer (HTTP 2xx) to
 * the client, in the client's format. Which delivery serves it depends on the call alone — an OpenAI call
 * to an OpenAI-format upstream passes through (./openai-delivery.ts: every OpenAI endpoint, streams
 * event by event); a conversation whose client or upstream speaks another format goes through the
 * canonical model (./conversation-delivery.ts), after the upstream's own framing is read (Bedrock's event
 * stream, Ollama's lines) and an error sent with HTTP 200 (Baidu, Tencent …) is told apart from a reply.
 * Such an error is handed back as a failure: the caller retries it like an HTTP error, never bills it.
 */
import type { AppContext } from '../../context.ts';
import { bufferedBody, type UpstreamResponse } from '../../lib/http-client.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { networkFailure, okReplyFailure } from '../call/attempt.ts';
import {
  abortedEnding,
  type CallState,
  deferredEnd,
  type Ending,
  pingSeconds,
  promptTokensOf,
} from '../call/call-state.ts';
import { upstreamCodecFor } from '../call/conversion.ts';
import { clientFormat } from '../call/relay-call.ts';
import type { UpstreamFormat } from '../canonical/codec.ts';
import type { RelayReply } from '../http/http-types.ts';
import type { ProviderAdaptor } from '../providers/types.ts';
import type { UpstreamFailure } from '../routing/health.ts';
import { type ConversationDelivery, deliverConversation } from './conversation-delivery.ts';
import { deliverOpenAi } from './openai-delivery.ts';

export interface ReplyInput {
  channel: CachedChannel;
  adaptor: ProviderAdaptor | undefined;
  upstreamModel: string;
  /** The format the upstream was spoken to in. */
  target: UpstreamFormat;
  response: UpstreamResponse;
  /** Told the id of a Responses reply passed through (previous_response_id: routing/response-owners.ts). */
  onReplyId?: (id: string) => void;
}

/** Delivers the answer; returns how the call ended, or the failure an error sent with HTTP 200 is. */
export async function deliverReply(
  context: AppContext,
  reply: RelayReply,
  state: CallState,
  input: ReplyInput,
): Promise<Ending | { failure: UpstreamFailure }> {
  const { call } = state;
  const { channel, adaptor, upstreamModel, target, response } = input;
  const countPrecisely = !adaptor?.supportsStreamUsage(channel);
  if (target === 'openai-chat' && clientFormat(call) === 'openai-chat')
    return deliverOpenAi(context, reply, state, channel, upstreamModel, response, countPrecisely, adaptor);
  let contentType = String(response.headers['content-type'] ?? '');
  let upstreamBody: ConversationDelivery['upstreamBody'] = response.body;
  const codec = upstreamCodecFor(target, adaptor);
  if (codec.okError && contentType.includes('json')) {
    let bytes: Buffer;
    try {
      bytes = Buffer.from(await response.body.arrayBuffer());
    } catch (error) {
      if (state.clientGone) return abortedEnding(channel, upstreamModel);
      return { failure: networkFailure(error, channel) };
    }
    const failure = okReplyFailure(codec, bytes, channel);
    if (failure) return { failure };
    upstreamBody = bufferedBody(bytes);
  }
  const framing = adaptor?.streamFraming;
  if (state.stream && framing && contentType.includes(framing.contentType)) {
    upstreamBody = Object.assign(framing.toSse(response.body), {
      arrayBuffer: () => response.body.arrayBuffer(),
    });
    contentType = 'text/event-stream';
  }
  const result = await deliverConversation({
    reply,
    requestId: state.requestId,
    model: call.model,
    clientBody: call.body,
    sides: { client: clientFormat(call), upstream: target },
    upstreamCodec: codec,
    stream: state.stream,
    contentType,
    upstreamBody,
    startedAt: state.startedAt,
    pingSeconds: pingSeconds(context),
    countPrecisely,
    clientGone: () => state.clientGone,
    countPromptTokens: () => promptTokensOf(state),
    end: deferredEnd(state, reply.raw),
    ...(input.onReplyId ? { onReplyId: input.onReplyId } : {}),
  });
  return { ...result, channel, upstreamModel };
}
