/**
 * The one channel chooser (docs/reference/routing.md): relay calls, realtime sessions and task submissions
 * all ask it for their next channel, naming the capability they need (a relay route, `realtime`, `videos`,
 * a task platform). The channel registry answers which types serve it (common/channel-types.ts). A pinned
 * call — an administrator's `sk-<key>-<id>`, or a Responses call continuing a response stored at one
 * channel — is served by that channel alone; otherwise the group's candidates for the model, of the types
 * that serve the capability and not tried yet for this call, are chosen from by priority and weight
 * (./select.ts). The channel comes with the key the try uses: a multi-key channel's view of the key its mode
 * picks (server/src/relay/cache/multi-key.ts); one whose keys are all disabled is passed over.
 */
import {
  type ChannelCapability,
  channelTypeNames,
  isTaskCapability,
  typesServing,
} from '../../../../common/channel-types.ts';
import type { AppContext } from '../../context.ts';
import type { GatewayError } from '../../lib/errors.ts';
import { type CachedChannel, withChosenKey } from '../cache/channel-cache.ts';
import { pinnedChannelOf } from '../call/relay-call.ts';
import type { RelayCaller } from '../http/auth.ts';
import { relayError } from '../http/errors.ts';
import { selectChannel } from './select.ts';

/** Who is choosing: the caller (group, pin) and, for a Responses call, where its stored response is. */
export interface ChoosingCall {
  caller: RelayCaller;
  /** The channel that stores the response the call continues (server/src/relay/routing/response-owners.ts). */
  storedAtChannelId?: number;
}

const NONE_TRIED: ReadonlySet<number> = new Set();

/**
 * The next channel for `model` that serves `capability`, or null when none is left. A pinned channel is
 * returned once (null after it was tried); one that is disabled or whose type does not serve the
 * capability is refused with an error.
 */
export function chooseChannel(
  context: Pick<AppContext, 'channelCache'>,
  call: ChoosingCall,
  model: string,
  capability: ChannelCapability,
  tried: readonly number[],
): CachedChannel | null {
  const servingTypes = typesServing(capability);
  const pinned = pinnedChannelOf(call);
  if (pinned !== null) {
    if (tried.length > 0) return null;
    const channel = context.channelCache.get(pinned);
    if (channel?.status !== 1) throw pinnedRefusal(pinned, model, capability, false);
    if (!servingTypes.has(channel.type)) throw pinnedRefusal(pinned, model, capability, true);
    const keyed = withChosenKey(channel);
    if (!keyed) throw pinnedRefusal(pinned, model, capability, false);
    return keyed;
  }
  const candidates = context.channelCache.candidates(call.caller.usingGroup, model);
  let excluded = tried.length === 0 ? NONE_TRIED : new Set(tried);
  for (;;) {
    const channel = selectChannel(candidates, excluded, Math.random, servingTypes)?.channel;
    if (!channel) return null;
    const keyed = withChosenKey(channel);
    if (keyed) return keyed;
    // Every key of this channel is disabled (by hand: the channel itself stays enabled, as in new-api).
    excluded = new Set([...excluded, channel.id]);
  }
}

/** The providers whose channels serve a capability, in words ("OpenAI and Azure OpenAI"). */
function providersServing(capability: ChannelCapability): string {
  const names = [...typesServing(capability)].map((type) => channelTypeNames[type] ?? String(type));
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : (names[0] ?? 'no');
}

/** Why a pinned channel cannot serve the call: disabled or gone, or of a type that does not serve it. */
function pinnedRefusal(
  channelId: number,
  model: string,
  capability: ChannelCapability,
  enabled: boolean,
): GatewayError {
  if (isTaskCapability(capability))
    return relayError(503, 'channel_unavailable', `channel #${channelId} cannot serve ${model}`);
  if (!enabled) return relayError(503, 'channel_unavailable', `channel #${channelId} is not available`);
  if (capability === 'realtime') {
    return relayError(
      400,
      'channel_not_realtime',
      `channel #${channelId} cannot serve the Realtime API (only ${providersServing(capability)} channels can)`,
    );
  }
  return relayError(
    502,
    'channel_misconfigured',
    `channel #${channelId} cannot serve ${capability} requests`,
  );
}
