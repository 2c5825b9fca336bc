/**
 * Delivery of conversation calls whose client or upstream is not OpenAI Chat Completions (the OpenAI →
 * OpenAI path stays in server/src/relay/call/pipeline.ts and stream-relay.ts): the reply converted (or passed
 * through) in the client's format, the stream relayed event by event, upstream errors read in the
 * upstream's format and rendered in the client's.
 */
import type { TokenUsage } from '../billing/pricing.ts';
import type { CallOutcome } from '../billing/settlement.ts';
import { countTextTokens } from '../billing/tokens.ts';
import type { EndResponse } from '../call/call-state.ts';
import { codecFor } from '../call/conversion.ts';
import type { UpstreamCodec, UpstreamFormat, WireFormat } from '../canonical/codec.ts';
import { joinText } from '../canonical/helpers.ts';
import { billingUsage } from '../canonical/metering.ts';
import { usageOf } from '../canonical/text-dialect.ts';
import { wantsIncludeUsage } from '../formats/openai/stream.ts';
import type { RelayReply } from '../http/http-types.ts';
import type { UpstreamFailure } from '../routing/health.ts';
import { relayConvertedStream } from './converted-stream.ts';
import { writeStreamHeaders } from './stream-relay.ts';

export interface ConversationSides {
  client: WireFormat;
  upstream: UpstreamFormat;
}

export interface DeliveryResult {
  outcome: CallOutcome;
  upstreamUsage: TokenUsage | null;
  deliveredCompletionTokens: number;
  outputDelivered: boolean;
  firstResponseMs: number | null;
}

export interface ConversationDelivery {
  reply: RelayReply;
  requestId: string;
  /** The model the client asked for (echoed in converted replies, used for counting). */
  model: string;
  clientBody: Readonly<Record<string, unknown>>;
  sides: ConversationSides;
  /** The codec of `sides.upstream` (server/src/relay/call/conversion.ts upstreamCodecFor). */
  upstreamCodec: UpstreamCodec;
  stream: boolean;
  contentType: string;
  upstreamBody: AsyncIterable<Uint8Array> & { arrayBuffer(): Promise<ArrayBuffer> };
  startedAt: number;
  pingSeconds: number;
  countPrecisely: boolean;
  clientGone: () => boolean;
  /** The prompt counted locally, for the usage shown when the upstream reports none. */
  countPromptTokens?: () => number;
  /** Ends a streamed response (server/src/relay/call/call-state.ts deferredEnd). */
  end?: EndResponse;
  /** Told the id of the upstream's reply (its stream's start), as soon as it is known. */
  onReplyId?: (id: string) => void;
}

/** A failure rendered in the client's format. */
export function sendFormatFailure(
  reply: RelayReply,
  format: WireFormat,
  requestId: string,
  failure: UpstreamFailure,
): void {
  const status = failure.status >= 400 ? failure.status : 502;
  reply.code(status).send(
    codecFor(format).errorBody({
      status,
      message: `${failure.message} (request id: ${requestId})`,
      type: failure.type ?? 'upstream_error',
      code: failure.code ?? null,
    }),
  );
}

const failedBeforeOutput: DeliveryResult = {
  outcome: 'upstream_failed_before_output',
  upstreamUsage: null,
  deliveredCompletionTokens: 0,
  outputDelivered: false,
  firstResponseMs: null,
};

/** Relays a successful upstream reply (stream or not) to the client in the client's format. */
export async function deliverConversation(input: ConversationDelivery): Promise<DeliveryResult> {
  const { reply, sides } = input;
  const clientCodec = codecFor(sides.client);
  const { upstreamCodec } = input;
  if (input.stream && input.contentType.includes('text/event-stream')) {
    reply.hijack();
    writeStreamHeaders(reply.raw, input.requestId);
    return relayConvertedStream({
      raw: reply.raw,
      upstream: input.upstreamBody,
      decoder: upstreamCodec.streamDecoder(),
      ...(upstreamCodec.sse ? { sse: upstreamCodec.sse } : {}),
      encoder: clientCodec.streamEncoder({
        id: `chatcmpl-${input.requestId}`,
        model: input.model,
        created: Math.floor(Date.now() / 1000),
        includeUsage: sides.client === 'openai-chat' && wantsIncludeUsage(input.clientBody),
        ...(input.countPromptTokens ? { promptTokens: input.countPromptTokens } : {}),
      }),
      passThrough: sides.client === sides.upstream,
      model: input.model,
      pingSeconds: input.pingSeconds,
      startedAt: input.startedAt,
      countPrecisely: input.countPrecisely,
      clientGone: input.clientGone,
      ...(input.countPromptTokens ? { countPromptTokens: input.countPromptTokens } : {}),
      ...(input.end ? { end: input.end } : {}),
      ...(input.onReplyId ? { onStart: input.onReplyId } : {}),
    });
  }
  let text: string;
  try {
    text = Buffer.from(await input.upstreamBody.arrayBuffer()).toString('utf8');
  } catch {
    if (input.clientGone()) return { ...failedBeforeOutput, outcome: 'client_aborted' };
    sendFormatFailure(reply, sides.client, input.requestId, {
      status: 502,
      message: 'the upstream reply broke off',
      code: 'upstream_read_failed',
    });
    return failedBeforeOutput;
  }
  let decoded: ReturnType<typeof upstreamCodec.decodeReply>;
  try {
    decoded = upstreamCodec.decodeReply(JSON.parse(text));
  } catch (error) {
    sendFormatFailure(reply, sides.client, input.requestId, {
      status: 502,
      message: `the upstream reply could not be read: ${(error as Error).message}`,
      code: 'bad_upstream_reply',
    });
    return failedBeforeOutput;
  }
  if (decoded.id) input.onReplyId?.(decoded.id);
  const usage = decoded.usage ? billingUsage(decoded.usage) : null;
  const countedCompletion = usage ? 0 : countTextTokens(joinText(decoded.content), input.model);
  // Without the upstream's usage the client is shown the counted one (billing counts the same way).
  const shownUsage =
    decoded.usage ?? (input.countPromptTokens ? usageOf(input.countPromptTokens(), countedCompletion) : null);
  const body =
    sides.client === sides.upstream
      ? text
      : JSON.stringify(clientCodec.encodeReply({ ...decoded, usage: shownUsage, model: input.model }));
  reply.code(200).header('content-type', 'application/json').send(body);
  return {
    outcome: 'completed',
    upstreamUsage: usage,
    deliveredCompletionTokens: countedCompletion,
    outputDelivered: true,
    firstResponseMs: null,
  };
}
