/**
 * The delivery stage of a call (docs/relay-walkthrough.md): an upstream's successful answer (HTTP 2xx) to
 * the client, in the client's format, through one path for every format pair and endpoint:
 * 1. an error sent with HTTP 200 (Baidu, Tencent …: UpstreamCodec.okError) is told apart from a reply and
 *    handed back as a failure — the caller retries it like an HTTP error, never bills it;
 * 2. the upstream's own stream framing (Bedrock's event stream, Ollama's lines) is read as SSE;
 * 3. a stream is relayed event by event (./event-stream.ts) through the transcoder of the call's pair
 *    (./stream-transcoder.ts: the same format passes each event through, read only to meter it; different
 *    formats decode and encode it);
 * 4. anything else is read whole and handed to the reader of the call's pair or endpoint (./reply-reader.ts:
 *    OpenAI endpoints in ./endpoints/, conversations through the canonical model in ./conversation-reply.ts).
 */
import type { AppContext } from '../../context.ts';
import { bufferedBody, readBody } from '../../lib/http-client.ts';
import { networkFailure, okReplyFailure } from '../call/attempt.ts';
import {
  abortedEnding,
  type CallState,
  deferredEnd,
  type Ending,
  pingSeconds,
  promptTokensOf,
  sendFailure,
} from '../call/call-state.ts';
import { upstreamCodecFor } from '../call/conversion.ts';
import { clientFormat, type RelayCall } from '../call/relay-call.ts';
import { replyModelOf } from '../call/trail.ts';
import type { UpstreamFormat } from '../canonical/codec.ts';
import type { RelayReply } from '../http/http-types.ts';
import type { UpstreamFailure } from '../routing/health.ts';
import { conversationReply } from './conversation-reply.ts';
import { endpointReaders } from './endpoints/index.ts';
import { relayEventStream, writeStreamHeaders } from './event-stream.ts';
import type { ReplyInput, ReplyReader } from './reply-reader.ts';
import { transcoderFor } from './stream-transcoder.ts';

export type { ReplyInput } from './reply-reader.ts';

/**
 * The reader of a call's whole reply: its endpoint's, or for a conversation whose client or upstream
 * speaks another format than OpenAI Chat Completions, the canonical model's.
 */
export function readerFor(call: RelayCall, target: UpstreamFormat): ReplyReader {
  if (call.endpoint === 'chat' && (target !== 'openai-chat' || clientFormat(call) !== 'openai-chat'))
    return conversationReply;
  return endpointReaders[call.endpoint];
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
  const codec = upstreamCodecFor(target, adaptor);
  let contentType = String(response.headers['content-type'] ?? '');
  let upstreamBody: AsyncIterable<Uint8Array> & { arrayBuffer(): Promise<ArrayBuffer> } = response.body;
  let bytes: Buffer | undefined;
  if (codec.okError && contentType.includes('json')) {
    try {
      bytes = await readBody(response.body);
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
  if (
    state.stream &&
    (call.endpoint === 'chat' || call.endpoint === 'completions') &&
    contentType.includes('text/event-stream')
  ) {
    reply.hijack();
    writeStreamHeaders(reply.raw, state.requestId);
    const result = await relayEventStream({
      raw: reply.raw,
      upstream: upstreamBody,
      transcoder: transcoderFor({
        client: clientFormat(call),
        upstreamCodec: codec,
        endpoint: call.endpoint,
        clientBody: call.body,
        model: replyModelOf(state),
        requestId: state.requestId,
        countPrecisely: !adaptor?.supportsStreamUsage(channel),
        countPromptTokens: () => promptTokensOf(state),
        onReplyId: input.onReplyId,
      }),
      pingSeconds: pingSeconds(context),
      startedAt: state.startedAt,
      clientGone: () => state.clientGone,
      end: deferredEnd(state, reply.raw),
    });
    return { ...result, channel, upstreamModel };
  }
  const reader = readerFor(call, target);
  if (reader.deliverUnread) {
    const ending = await reader.deliverUnread(reply, state, input, contentType);
    if (ending) return ending;
  }
  if (bytes === undefined) {
    try {
      bytes = await readBody(upstreamBody);
    } catch {
      if (state.clientGone) return abortedEnding(channel, upstreamModel);
      const failure = { status: 502, message: 'the upstream reply broke off', code: 'upstream_read_failed' };
      sendFailure(reply, state, failure);
      return { ...abortedEnding(channel, upstreamModel), outcome: 'upstream_failed_before_output' };
    }
  }
  return reader.send(reply, state, input, bytes, contentType);
}
