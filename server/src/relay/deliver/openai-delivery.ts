/**
 * Delivery of calls whose client and upstream both speak OpenAI (chat, completions, embeddings,
 * moderations): streams relayed chunk by chunk (server/src/relay/deliver/stream-relay.ts), JSON replies sent
 * byte for byte after a check, or converted for another surface (Gemini embeddings). Other formats go through
 * server/src/relay/deliver/conversation-delivery.ts.
 */
import type { AppContext } from '../../context.ts';
import type { UpstreamResponse } from '../../lib/http-client.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import {
  abortedEnding,
  type CallState,
  deferredEnd,
  type Ending,
  pingSeconds,
  promptTokensOf,
  sendFailure,
} from '../call/call-state.ts';
import { wantsIncludeUsage } from '../formats/openai/stream.ts';
import type { RelayReply } from '../http/http-types.ts';
import type { ProviderAdaptor } from '../providers/types.ts';
import { relayBinary } from './binary-relay.ts';
import { readJsonReply, readTranscriptionReply } from './json-relay.ts';
import { relayStream, writeStreamHeaders } from './stream-relay.ts';

export async function deliverOpenAi(
  context: AppContext,
  reply: RelayReply,
  state: CallState,
  channel: CachedChannel,
  upstreamModel: string,
  response: UpstreamResponse,
  countPrecisely: boolean,
  adaptor?: ProviderAdaptor,
): Promise<Ending> {
  const { call } = state;
  const contentType = String(response.headers['content-type'] ?? '');
  if (
    state.stream &&
    (call.endpoint === 'chat' || call.endpoint === 'completions') &&
    contentType.includes('text/event-stream')
  ) {
    reply.hijack();
    writeStreamHeaders(reply.raw, state.requestId);
    const result = await relayStream({
      raw: reply.raw,
      upstream: response.body,
      endpoint: call.endpoint,
      clientWantsUsage: wantsIncludeUsage(call.body),
      model: call.model,
      requestId: state.requestId,
      pingSeconds: pingSeconds(context),
      startedAt: state.startedAt,
      countPromptTokens: () => promptTokensOf(state),
      countPrecisely,
      clientGone: () => state.clientGone,
      end: deferredEnd(state, reply.raw),
    });
    return { ...result, channel, upstreamModel };
  }
  if (call.endpoint === 'speech' && !contentType.includes('application/json')) {
    // Audio goes through as it arrives; speech is billed by the input's characters
    // (server/src/relay/call/prompt-tokens.ts).
    reply.hijack();
    const sent = await relayBinary(
      reply.raw,
      response.body,
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
  }
  let body: Buffer;
  try {
    body = Buffer.from(await response.body.arrayBuffer());
  } catch {
    if (state.clientGone) return abortedEnding(channel, upstreamModel);
    const failure = { status: 502, message: 'the upstream reply broke off', code: 'upstream_read_failed' };
    sendFailure(reply, state, failure);
    return { ...abortedEnding(channel, upstreamModel), outcome: 'upstream_failed_before_output' };
  }
  // Adaptors convert only replies of other endpoints (embeddings, rerank); chat and completion replies of
  // the OpenAI path pass byte for byte (an adaptor's chat dialect converts through its codec instead).
  const convert =
    call.endpoint === 'chat' || call.endpoint === 'completions' ? undefined : adaptor?.convertReply;
  if (convert) {
    try {
      const converted = convert(call.endpoint, JSON.parse(body.toString('utf8')), call.model, call.body);
      body = Buffer.from(JSON.stringify(converted));
    } catch (error) {
      const message = `the upstream reply could not be read: ${(error as Error).message}`;
      sendFailure(reply, state, { status: 502, message, code: 'bad_upstream_reply' });
      return { ...abortedEnding(channel, upstreamModel), outcome: 'upstream_failed_before_output' };
    }
  }
  const transcription = call.endpoint === 'transcriptions' || call.endpoint === 'translations';
  const reading = transcription
    ? readTranscriptionReply(body, call.model)
    : readJsonReply(call.endpoint, body, call.model);
  if (!reading) {
    const failure = {
      status: 502,
      message: `the upstream answered HTTP 200 with a body that is not a JSON reply (${body.length} bytes)`,
      code: 'bad_upstream_reply',
    };
    sendFailure(reply, state, failure);
    return { ...abortedEnding(channel, upstreamModel), outcome: 'upstream_failed_before_output' };
  }
  if (call.surface) {
    let converted: string;
    try {
      converted = JSON.stringify(call.surface.convertReply(JSON.parse(body.toString('utf8'))));
    } catch (error) {
      const message = `the upstream reply could not be converted: ${(error as Error).message}`;
      sendFailure(reply, state, { status: 502, message, code: 'bad_upstream_reply' });
      return { ...abortedEnding(channel, upstreamModel), outcome: 'upstream_failed_before_output' };
    }
    reply.code(200).header('content-type', 'application/json').send(converted);
  } else {
    reply
      .code(200)
      .header('content-type', convert ? 'application/json' : contentType || 'application/json')
      .send(body);
  }
  return {
    outcome: 'completed',
    upstreamUsage: reading.upstreamUsage,
    deliveredCompletionTokens: reading.countedCompletionTokens,
    outputDelivered: reading.outputDelivered,
    firstResponseMs: null,
    channel,
    upstreamModel,
    ...(reading.logFields ? { logFields: reading.logFields } : {}),
  };
}
