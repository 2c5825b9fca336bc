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
 * Whether a channel's key may take a try now (not cooling down, not at its caps): a multi-key channel whose
 * chosen key may not is offered with another of its keys; one with no such key is passed over.
 */
export type KeyUsable = (keyed: CachedChannel) => boolean;

/**
 * The next channel for `model` that serves `capability`, or null when none is left. A pinned channel is
 * returned once (null after it was tried); one that is disabled or whose type does not serve the
 * capability is refused with an error. `usable` (cooldowns, caps) passes channels and keys over; a pinned
 * channel is not passed over (it is the only one the call may use).
 */
export function chooseChannel(
  context: Pick<AppContext, 'channelCache'>,
  call: ChoosingCall,
  model: string,
  capability: ChannelCapability,
  tried: readonly number[],
  usable?: KeyUsable,
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
    const keyed = usableKey(channel, usable);
    if (keyed) return keyed;
    // Every key of this channel is disabled (by hand: the channel itself stays enabled, as in new-api), or
    // cooling down, or at its caps.
    excluded = new Set([...excluded, channel.id]);
  }
}

/** The key a try at `channel` uses: the one its mode picks, else another that is usable; null when none is. */
function usableKey(channel: CachedChannel, usable: KeyUsable | undefined): CachedChannel | null {
  const keyed = withChosenKey(channel);
  if (!keyed || !usable || usable(keyed)) return keyed;
  const set = channel.keySet;
  if (!set) return null;
  for (const index of set.enabled) {
    const view = set.views[index];
    if (view && view !== keyed && usable(view)) return view;
  }
  return null;
}

/**
 * The channel and key of `target` (where the call's conversation was served before) when it is a candidate
 * of the call now — enabled, of the call's group and model, of a type that serves the capability, not tried,
 * its key enabled and usable — else null (the call is then chosen for as any other).
 */
export function preferredChannel(
  context: Pick<AppContext, 'channelCache'>,
  call: ChoosingCall,
  model: string,
  capability: ChannelCapability,
  tried: readonly number[],
  target: { channelId: number; keyIndex: number },
  usable?: KeyUsable,
): CachedChannel | null {
  if (pinnedChannelOf(call) !== null || tried.includes(target.channelId)) return null;
  const candidate = context.channelCache
    .candidates(call.caller.usingGroup, model)
    .find((entry) => entry.channel.id === target.channelId);
  if (!candidate || !typesServing(capability).has(candidate.channel.type)) return null;
  const { channel } = candidate;
  const set = channel.keySet;
  const keyed = set
    ? set.enabled.includes(target.keyIndex)
      ? set.views[target.keyIndex]
      : undefined
    : channel;
  if (!keyed) return null;
  return !usable || usable(keyed) ? keyed : null;
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
