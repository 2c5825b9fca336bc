/**
 * A relay call as the routes hand it to the pipeline (server/src/relay/call/pipeline.ts), and what depends on
 * its format only: the prompt counted locally, the max tokens asked for, and the upstream request for
 * one channel in the format that channel speaks (server/src/relay/call/conversion.ts).
 */

import { type AbortSource, onAbort } from '../../lib/cancel.ts';
import type { UpstreamClient, UpstreamResponse, UpstreamTimeouts } from '../../lib/http-client.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import type { UpstreamFormat, WireFormat } from '../canonical/codec.ts';
import { countRequestTokens } from '../canonical/metering.ts';
import { readMaxTokens } from '../formats/openai/request.ts';
import { previousResponseId } from '../formats/openai-responses/codec.ts';
import type { RelayCaller } from '../http/auth.ts';
import { maskSecrets } from '../http/errors.ts';
import { encodeMultipart, type MultipartBody } from '../http/multipart.ts';
import type { AuthorizeInput, ProviderAdaptor, RelayEndpoint, UpstreamRequest } from '../providers/types.ts';
import type { UpstreamFailure } from '../routing/health.ts';
import { lacksResponsesApi } from '../routing/responses-support.ts';
import { applyUpstreamRules } from '../rules/index.ts';
import { buildUpstreamBody } from './attempt.ts';
import {
  ConversationBody,
  conversationUpstreamBody,
  upstreamCodecFor,
  upstreamFormat,
} from './conversion.ts';
import { countPromptTokens } from './prompt-tokens.ts';
import { type ProviderSettings, upstreamTuning } from './upstream-settings.ts';

export interface RelayCall {
  endpoint: RelayEndpoint;
  caller: RelayCaller;
  body: Record<string, unknown>;
  model: string;
  /** Conversation calls in any client format (absent: an OpenAI call of `endpoint`). */
  conversation?: ConversationBody;
  /** Whether the client asked for a stream (formats that say it outside the body, e.g. Gemini's path). */
  stream?: boolean;
  /** Client headers a same-vendor upstream honours (server/src/relay/http/format-routes.ts). */
  clientHeaders?: Readonly<Record<string, string>>;
  /**
   * A non-conversation call of another surface (Gemini embeddings): its errors are rendered in `format`
   * and the upstream's OpenAI JSON reply is converted before it is sent.
   */
  surface?: { format: WireFormat; convertReply(body: unknown): unknown };
  /** A per-call price applies this many times (images: n × the size and quality ratio). */
  priceMultiplier?: number;
  /** A multipart body (uploads), written again for each attempt with the upstream's model. */
  multipart?: MultipartBody;
  /**
   * The channel that stores the response a Responses call continues (`previous_response_id`,
   * server/src/relay/routing/response-owners.ts): the call can be served there only.
   */
  storedAtChannelId?: number;
}

/** The one channel that may serve the call: an administrator's pin (`sk-<key>-<id>`), else where its stored response is. */
export function pinnedChannelOf(call: Pick<RelayCall, 'caller' | 'storedAtChannelId'>): number | null {
  return call.caller.pinnedChannelId ?? call.storedAtChannelId ?? null;
}

/** The client's format: OpenAI chat for the OpenAI routes. */
export function clientFormat(call: Pick<RelayCall, 'conversation'>): WireFormat {
  return call.conversation?.format ?? 'openai-chat';
}

/** The format the client's errors are rendered in. */
export function errorFormat(call: Pick<RelayCall, 'conversation' | 'surface'>): WireFormat {
  return call.conversation?.format ?? call.surface?.format ?? 'openai-chat';
}

export interface PreparedAttempt {
  request: UpstreamRequest;
  /** The format the upstream is spoken to in. */
  target: UpstreamFormat;
  /** What the upstream rules changed in the body, in words (server/src/relay/rules/), or null. */
  ruleChanges: string[] | null;
}

/** What preparing an upstream request needs of a call (a channel test makes one of its own). */
export type AttemptSource = Pick<
  RelayCall,
  'endpoint' | 'body' | 'model' | 'conversation' | 'clientHeaders' | 'multipart'
>;

/** The upstream request for one channel, or the failure that makes the channel unusable for this call. */
export function prepareAttempt(
  call: AttemptSource,
  stream: boolean,
  channel: CachedChannel,
  adaptor: ProviderAdaptor | undefined,
  mappedModel: string,
  settings?: ProviderSettings,
): PreparedAttempt | UpstreamFailure {
  const unusable = {
    status: 0,
    code: 'channel_misconfigured',
    message: `channel #${channel.id} cannot serve ${call.endpoint} requests`,
  };
  if (!adaptor) return unusable;
  const format = clientFormat(call);
  let target = call.endpoint === 'chat' ? upstreamFormat(adaptor, format, mappedModel) : 'openai-chat';
  if (target === 'openai-responses' && lacksResponsesApi(channel.id)) target = 'openai-chat';
  if (format === 'openai-responses' && target !== 'openai-responses' && previousResponseId(call.body)) {
    return {
      status: 400,
      code: 'previous_response_not_supported',
      message: `previous_response_id needs an upstream that stores responses (an OpenAI channel); model ${call.model} is served by channel #${channel.id}, which does not: send the whole conversation in input instead`,
    };
  }
  // global.pass_through_request_enabled: same format on both sides → the client's body as it came,
  // only the model (after mapping) set; no system prompt, override, vendor settings or usage option.
  const passThrough =
    format === target && settings?.getBoolean('global.pass_through_request_enabled') === true;
  const tuning = passThrough
    ? { model: mappedModel, thinking: null }
    : upstreamTuning(target, mappedModel, settings);
  const upstreamModel = tuning.model;
  const body: Record<string, unknown> = passThrough
    ? { ...call.body, ...(target === 'gemini' ? {} : { model: upstreamModel }) }
    : format !== 'openai-chat' || target !== 'openai-chat'
      ? conversationUpstreamBody({
          conversation: conversationOf(call, stream),
          target,
          codec: upstreamCodecFor(target, adaptor),
          channel,
          tuning,
          stream,
          ...(settings ? { settings } : {}),
        })
      : buildUpstreamBody({
          endpoint: call.endpoint,
          clientBody: call.body,
          channel,
          adaptor,
          upstreamModel,
          stream,
        });
  // What the model refuses is made acceptable, then the operator's override (their explicit choice) wins.
  const ruleChanges =
    passThrough || call.endpoint !== 'chat' ? null : applyUpstreamRules(target, upstreamModel, body);
  if (!passThrough) for (const [key, value] of Object.entries(channel.paramOverride)) body[key] = value;
  const request = adaptor.buildRequest({
    channel,
    endpoint: call.endpoint,
    body,
    upstreamModel,
    stream,
    format: target,
    ...(call.clientHeaders ? { clientHeaders: call.clientHeaders } : {}),
    ...(settings ? { settings } : {}),
  });
  if (request && call.multipart) withMultipartBody(request, call.multipart, upstreamModel);
  return request ? { request, target, ruleChanges } : unusable;
}

/** Replaces a built request's body by the call's multipart body, its model field set to the upstream's. */
function withMultipartBody(request: UpstreamRequest, multipart: MultipartBody, upstreamModel: string): void {
  const fields: [string, string][] = multipart.fields.filter(([name]) => name !== 'model');
  const encoded = encodeMultipart([['model', upstreamModel], ...fields], multipart.files);
  request.body = { length: encoded.length, open: encoded.open };
  request.headers['content-type'] = encoded.contentType;
  request.headers['content-length'] = String(encoded.length);
}

/**
 * The call's conversation body: the one a conversation route made, or — for an OpenAI chat call that meets
 * an upstream of another format — one made now and kept (decoded at most once across retries).
 */
function conversationOf(call: AttemptSource, stream: boolean): ConversationBody {
  call.conversation ??= new ConversationBody('openai-chat', call.body, { model: call.model, stream });
  return call.conversation;
}

/** The prompt of a call counted locally (pre-consumption, or an upstream that reports none). */
export function countCallPromptTokens(call: RelayCall): number {
  return call.conversation && call.conversation.format !== 'openai-chat'
    ? countRequestTokens(call.conversation.canonical(), call.model)
    : countPromptTokens(call.endpoint, call.body, call.model);
}

/** The completion allowance the client asked for, read without decoding the body. */
export function maxTokensOf(call: Pick<RelayCall, 'conversation' | 'body'>): number | null | undefined {
  return call.conversation ? call.conversation.requestedMaxTokens() : readMaxTokens(call.body);
}

/** The proxy a channel's setting names, if any. */
export function channelProxy(channel: CachedChannel): string | undefined {
  const proxy = channel.setting.proxy;
  return typeof proxy === 'string' && proxy ? proxy : undefined;
}

/** Sends a built request: through the adaptor's own transport when it has one, else over HTTP. */
export function sendAttempt(
  upstream: UpstreamClient,
  adaptor: ProviderAdaptor | undefined,
  channel: CachedChannel,
  request: UpstreamRequest,
  how: { endpoint: RelayEndpoint; stream: boolean; timeouts: UpstreamTimeouts; signal: AbortSource },
): Promise<UpstreamResponse> {
  const proxyUrl = channelProxy(channel);
  if (adaptor?.transport) {
    // Transports (WebSocket, task polling) listen on a standard AbortSignal, linked to the call's.
    const { signal } = how;
    const controller = new AbortController();
    if (signal.aborted) controller.abort(signal.reason);
    else onAbort(signal, () => controller.abort(signal.reason));
    return adaptor.transport({
      channel,
      request,
      upstream,
      ...how,
      signal: controller.signal,
      ...(proxyUrl ? { proxyUrl } : {}),
    });
  }
  return upstream.send(request, how.timeouts, how.signal, proxyUrl);
}

/**
 * Runs the adaptor's authorize step (credentials fetched over the network, e.g. a Vertex AI token) on a
 * built request; a failure is the channel's (502, tried elsewhere), its message without secrets.
 */
export async function authorizeAttempt(
  upstream: AuthorizeInput['upstream'],
  adaptor: ProviderAdaptor | undefined,
  channel: CachedChannel,
  request: UpstreamRequest,
): Promise<UpstreamFailure | null> {
  if (!adaptor?.authorize) return null;
  const proxyUrl = channelProxy(channel);
  try {
    await adaptor.authorize({ channel, request, upstream, ...(proxyUrl ? { proxyUrl } : {}) });
    return null;
  } catch (error) {
    return {
      status: 502,
      code: 'upstream_auth_failed',
      message: maskSecrets(`channel #${channel.id} could not authenticate: ${(error as Error).message}`, [
        channel.key,
      ]),
    };
  }
}
