/**
 * Testing a channel (GET /api/channel/test/{id}): one small real call through the channel's adaptor,
 * timed. The response time and test time are recorded; a dead key or a reply slower than
 * ChannelDisableThreshold seconds disables the channel (AutomaticDisableChannelEnabled, auto_ban); a
 * successful test of an automatically disabled channel enables it again (AutomaticEnableChannelEnabled).
 * A multi-key channel (server/src/relay/cache/multi-key.ts) is tested with each key not disabled by hand,
 * one after the other: a key that fails as a dead key is disabled alone, and the test succeeds when every
 * key answered.
 */
import { logFacts } from '../../../../common/log-facts.ts';
import { ChannelStatus } from '../../../../common/statuses.ts';
import type { AppContext } from '../../context.ts';
import { readLimited } from '../../lib/http-client.ts';
import { resolveMappedModel } from '../../lib/mapping-rules.ts';
import { type CachedChannel, toCachedChannel } from '../cache/channel-cache.ts';
import { applyHeaderOverride } from '../cache/header-override.ts';
import { KEY_AUTO_DISABLED, KEY_ENABLED, KEY_MANUALLY_DISABLED } from '../cache/multi-key.ts';
import { networkFailure, readFormatFailure } from '../call/attempt.ts';
import { upstreamCodecFor } from '../call/conversion.ts';
import { authorizeAttempt, prepareAttempt, sendAttempt } from '../call/relay-call.ts';
import type { UpstreamCodec } from '../canonical/codec.ts';
import { adaptorForChannel } from '../channel-types.ts';
import { maskSecrets } from '../http/errors.ts';
import type { RelayEndpoint } from '../providers/types.ts';
import { findChannelRow } from './channel-rows.ts';
import { considerDisabling, disableInDatabase, switchChannelStatus } from './disable.ts';
import type { UpstreamFailure } from './health.ts';
import { setKeyStatus } from './key-status.ts';

export interface ChannelTestResult {
  success: boolean;
  message: string;
  /** Seconds the call took. */
  time: number;
}

const TEST_TIMEOUT_MS = 60_000;

function testBody(endpoint: RelayEndpoint, model: string): Record<string, unknown> {
  if (endpoint === 'embeddings') return { model, input: 'hi' };
  const reasoning = /^(o\d|gpt-5)/.test(model);
  return {
    model,
    messages: [{ role: 'user', content: 'hi' }],
    ...(reasoning ? { max_completion_tokens: 16 } : { max_tokens: 16 }),
  };
}

async function callOnce(
  context: AppContext,
  channel: CachedChannel,
  model: string,
): Promise<UpstreamFailure | null> {
  const adaptor = adaptorForChannel(channel);
  if (!adaptor)
    return {
      status: 0,
      code: 'unsupported_type',
      message: `channel type ${channel.type} cannot be tested yet`,
    };
  const endpoint: RelayEndpoint = /embed/i.test(model) ? 'embeddings' : 'chat';
  const upstreamModel = resolveMappedModel(channel.modelMapping, model);
  // The test speaks OpenAI chat; a channel of another format gets it converted, like any relay call.
  const prepared = prepareAttempt(
    { endpoint, body: testBody(endpoint, model), model },
    false,
    channel,
    adaptor,
    upstreamModel,
    context.options,
  );
  if (!('request' in prepared))
    return {
      status: 0,
      code: 'channel_misconfigured',
      message: 'the channel has no usable base URL for this test',
    };
  const { request, target } = prepared;
  applyHeaderOverride(request.headers, channel.headerOverride);
  const unauthorized = await authorizeAttempt(context.upstream, adaptor, channel, request);
  if (unauthorized) return unauthorized;
  try {
    const response = await sendAttempt(context.upstream, adaptor, channel, request, {
      endpoint,
      stream: false,
      timeouts: { headersMs: TEST_TIMEOUT_MS, idleMs: TEST_TIMEOUT_MS },
      signal: AbortSignal.timeout(TEST_TIMEOUT_MS),
    });
    const text = await readLimited(response.body, 1024 * 1024);
    response.body.destroy();
    const codec = upstreamCodecFor(target, adaptor);
    if (response.statusCode >= 400) return readFormatFailure(codec, response.statusCode, text, channel);
    return target === 'openai-chat' ? null : unreadableReply(codec, text, channel);
  } catch (error) {
    return networkFailure(error, channel);
  }
}

/**
 * A 200 reply that is not a reply: providers such as Baidu and Tencent answer errors with HTTP 200 and an
 * error body, which their codec's decodeReply refuses.
 */
function unreadableReply(codec: UpstreamCodec, text: string, channel: CachedChannel): UpstreamFailure | null {
  try {
    codec.decodeReply(JSON.parse(text));
    return null;
  } catch (error) {
    return {
      status: 502,
      code: 'bad_upstream_reply',
      message: maskSecrets(`the upstream reply could not be read: ${(error as Error).message}`, [
        channel.key,
      ]),
    };
  }
}

function enableAgain(context: AppContext, channel: CachedChannel): Promise<void> {
  return switchChannelStatus(context, channel, {
    from: ChannelStatus.autoDisabled,
    to: ChannelStatus.enabled,
    otherInfo: null,
    subject: `Channel "${channel.name}" (#${channel.id}) was enabled again`,
    text: 'its test succeeded',
    facts: logFacts('log.channel_auto_enabled', { channel_name: channel.name, channel_id: channel.id }),
  });
}

/**
 * Tests every key of a multi-key channel that is not disabled by hand; a failing key that is enabled may be
 * disabled alone. The failure names each failing key by its number (never the key).
 */
async function testEachKey(
  context: AppContext,
  channel: CachedChannel,
  model: string,
): Promise<UpstreamFailure | null> {
  const keySet = channel.keySet!;
  const failures: UpstreamFailure[] = [];
  const messages: string[] = [];
  const recovered: number[] = [];
  for (const view of keySet.views) {
    const status = keySet.statuses[view.keyIndex ?? 0];
    if (status === KEY_MANUALLY_DISABLED) continue;
    const failure = await callOnce(context, view, model);
    if (!failure) {
      if (status === KEY_AUTO_DISABLED) recovered.push(view.keyIndex ?? 0);
      continue;
    }
    failures.push(failure);
    messages.push(`key #${(view.keyIndex ?? 0) + 1}: ${failure.message}`);
    if (channel.status === ChannelStatus.enabled && status === KEY_ENABLED)
      considerDisabling(context, view, failure);
  }
  // Keys disabled automatically that answer again serve again, as channels do.
  if (recovered.length > 0 && context.options.getBoolean('AutomaticEnableChannelEnabled')) {
    const change = await setKeyStatus(context.database.db, channel.id, recovered, KEY_ENABLED);
    if (change && change.changed > 0) await context.channelCache.changed();
  }
  const first = failures[0];
  return first ? { ...first, message: messages.join('; ') } : null;
}

export async function testChannel(
  context: AppContext,
  channelId: number,
  requestedModel?: string,
): Promise<ChannelTestResult | null> {
  const row = await findChannelRow(context.database.db, channelId);
  if (!row) return null;
  const channel = toCachedChannel(row);
  const model = requestedModel?.trim() || channel.testModel || channel.models[0] || 'gpt-4o-mini';
  const started = performance.now();
  const failure = channel.keySet
    ? await testEachKey(context, channel, model)
    : await callOnce(context, channel, model);
  const elapsedMs = Math.round(performance.now() - started);
  const time = Math.round(elapsedMs) / 1000;
  await context.database.db
    .updateTable('channels')
    .set({ response_time: elapsedMs, test_time: Math.floor(Date.now() / 1000) })
    .where('id', '=', channel.id)
    .execute();
  if (failure) {
    if (channel.status === ChannelStatus.enabled && !channel.keySet)
      considerDisabling(context, channel, failure);
    return { success: false, message: failure.message, time };
  }
  const threshold = context.options.getNumber('ChannelDisableThreshold');
  if (threshold > 0 && elapsedMs > threshold * 1000) {
    const reason = `response time ${time.toFixed(2)}s exceeds the threshold ${threshold}s`;
    if (
      channel.status === ChannelStatus.enabled &&
      channel.autoBan &&
      context.options.getBoolean('AutomaticDisableChannelEnabled')
    ) {
      context.channelCache.setStatus(channel.id, ChannelStatus.autoDisabled);
      await disableInDatabase(context, channel, reason);
    }
    return { success: false, message: reason, time };
  }
  if (
    channel.status === ChannelStatus.autoDisabled &&
    context.options.getBoolean('AutomaticEnableChannelEnabled')
  ) {
    await enableAgain(context, channel);
  }
  return { success: true, message: '', time };
}
