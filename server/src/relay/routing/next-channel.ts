/**
 * The next channel of a relay call (docs/reference/routing.md, docs/limits.md): the loop over channels
 * (server/src/relay/call/attempt-channels.ts) asks here, and only here, for each try's channel.
 * - Affinity first: the channel and key that served the call's conversation before (./affinity.ts), when
 *   it is still a usable candidate — a preference, never a block: otherwise the call is chosen for as any.
 * - The chooser (./choose.ts) passes over channels and keys cooling down (./cooldown.ts) and those found
 *   at their caps for this call.
 * - A channel's caps (its `limits`, and `key_limits` for each key of a multi-key channel) are held through
 *   the one limiter for the try; a channel at a cap is passed over as busy. When every candidate is busy the
 *   call waits, bounded (`traffic_setting.queue_wait_ms`, at most `traffic_setting.queue_max` waiting per
 *   instance), for a slot — woken when a hold here ends, and looking again every 100 ms for slots freed by
 *   other instances — then is refused 429.
 * The hold ends with the try (`endChannelHold`) or, for the try that answered, with the call's settlement.
 */
import type { LimitSet } from '../../../../common/traffic-limits.ts';
import type { AppContext } from '../../context.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { limitScopes } from '../call/call-limits.ts';
import { estimateCallQuota } from '../call/call-pricing.ts';
import type { CallState } from '../call/call-state.ts';
import { promptTokensOf } from '../call/call-state.ts';
import { maxTokensOf } from '../call/relay-call.ts';
import { relayError } from '../http/errors.ts';
import type { Demand, LimitCheck } from '../limits/types.ts';
import { chooseChannel, type KeyUsable, preferredChannel } from './choose.ts';

/** How often a waiting call looks again for slots other instances freed. */
const WAIT_POLL_MS = 100;

interface WaitRoom {
  waiting: number;
  wakers: Set<() => void>;
}

const rooms = new WeakMap<AppContext['limiter'], WaitRoom>();

function roomOf(context: AppContext): WaitRoom {
  let room = rooms.get(context.limiter);
  if (!room) {
    room = { waiting: 0, wakers: new Set() };
    rooms.set(context.limiter, room);
  }
  return room;
}

/** The caps of a channel's try: the channel's own and those of the key it uses. */
function capChecks(channel: CachedChannel): LimitCheck[] | null {
  const limits = channel.limits;
  if (!limits) return null;
  const checks: LimitCheck[] = [];
  const { key_limits: keyLimits, ...own } = limits;
  if (hasAny(own)) checks.push({ scope: limitScopes.channel(channel.id), limits: own });
  if (keyLimits && channel.keyIndex !== undefined && hasAny(keyLimits))
    checks.push({ scope: limitScopes.channelKey(channel.id, channel.keyIndex), limits: keyLimits });
  return checks.length > 0 ? checks : null;
}

function hasAny(limits: LimitSet): boolean {
  return Boolean(limits.rpm || limits.tpm || limits.rpd || limits.tpd || limits.concurrency || limits.budget);
}

/** What a try at a capped channel is expected to use (only what its caps count). */
function tryDemand(context: AppContext, state: CallState, checks: readonly LimitCheck[]): Demand {
  let tokens = 0;
  let quota = 0;
  for (const { limits } of checks) {
    if (!tokens && (limits.tpm || limits.tpd))
      tokens = promptTokensOf(state) + (maxTokensOf(state.call) ?? 0);
    if (!quota && limits.budget) quota = estimateCallQuota(context, state);
  }
  return { tokens, quota };
}

/** The key of a channel's view in the busy set: the channel, or one of its keys. */
const busyKey = (channel: CachedChannel) =>
  channel.keyIndex === undefined ? `${channel.id}` : `${channel.id}:${channel.keyIndex}`;

/**
 * Takes the caps' hold for a try at `channel`: true when held (or nothing caps it), false when a cap is
 * reached (the channel, or that key, is then busy for this call).
 */
async function hold(context: AppContext, state: CallState, channel: CachedChannel): Promise<boolean> {
  const checks = capChecks(channel);
  if (!checks) return true;
  const result = await context.limiter.admit(checks, tryDemand(context, state, checks));
  if (result.refused) {
    state.busyChannels ??= new Set();
    state.busyChannels.add(result.scope.startsWith('channel_key:') ? busyKey(channel) : `${channel.id}`);
    return false;
  }
  state.channelGrant = result;
  return true;
}

/** Whether a channel's key may take a try: not cooling down, not found busy during this call. */
function usableFor(context: AppContext, state: CallState): KeyUsable | undefined {
  const busy = state.busyChannels;
  if (context.cooldowns.size === 0 && (!busy || busy.size === 0)) return undefined;
  return (keyed) =>
    !context.cooldowns.isCooling(keyed.id, keyed.keyIndex) &&
    !(busy?.has(`${keyed.id}`) || busy?.has(busyKey(keyed)));
}

/**
 * The next channel for `model` not tried yet by this call (`state.tried`), holding its caps' slot, or null
 * when none is left. Answered at once in the common case — no affinity target, nothing cooling down, a
 * channel without caps — else through `nextChannelSlowly` (a promise).
 */
export function nextChannel(
  context: AppContext,
  state: CallState,
  model: string,
): CachedChannel | null | Promise<CachedChannel | null> {
  if (state.affinityTarget) return nextChannelSlowly(context, state, model, null);
  const channel = pick(context, state, model);
  if (!channel || !capChecks(channel)) return channel;
  // A channel with caps: the slow path holds its slot (or waits), starting from this choice.
  return nextChannelSlowly(context, state, model, channel);
}

/** A weighted choice among the usable channels of `model` this call has not tried. */
function pick(context: AppContext, state: CallState, model: string): CachedChannel | null {
  const { call } = state;
  return chooseChannel(context, call, model, call.endpoint, state.tried, usableFor(context, state));
}

/** nextChannel with affinity, caps and the bounded wait; throws 429 when the wait ends without a slot. */
async function nextChannelSlowly(
  context: AppContext,
  state: CallState,
  model: string,
  chosen: CachedChannel | null,
): Promise<CachedChannel | null> {
  const { call } = state;
  const target = state.affinityTarget;
  if (target && model === call.model) {
    const usable = usableFor(context, state);
    const preferred = preferredChannel(context, call, model, call.endpoint, state.tried, target, usable);
    state.affinityTarget = null;
    if (preferred && (await hold(context, state, preferred))) {
      state.affinity = 'hit';
      return preferred;
    }
    state.affinity = 'moved';
    // A pin to a channel that is no longer a candidate (disabled, moved out of the group or model) is
    // forgotten; one that is only cooling down or busy is kept for the calls after this one.
    if (state.affinityKey && !isCandidate(context, state, model, target.channelId))
      context.affinity.forget(state.affinityKey);
  }
  state.affinityTarget = null;
  let first = chosen;
  for (;;) {
    const channel = first ?? pick(context, state, model);
    first = null;
    if (channel) {
      if (await hold(context, state, channel)) return channel;
      continue;
    }
    if (!state.busyChannels || state.busyChannels.size === 0) return null;
    if (!(await waitForSlot(context, state))) {
      throw relayError(
        429,
        'channel_busy',
        `every channel of model ${model} is at its capacity; try again shortly`,
      );
    }
    state.busyChannels.clear();
  }
}

/** Whether `channelId` is still among the call's candidates (enabled, of its group and model). */
function isCandidate(context: AppContext, state: CallState, model: string, channelId: number): boolean {
  return context.channelCache
    .candidates(state.call.caller.usingGroup, model)
    .some((candidate) => candidate.channel.id === channelId);
}

/** Waits for a hold to end (here or elsewhere) within `traffic_setting.queue_wait_ms`; false when none may. */
async function waitForSlot(context: AppContext, state: CallState): Promise<boolean> {
  state.queueDeadline ??=
    Date.now() + Math.max(0, context.options.getNumber('traffic_setting.queue_wait_ms'));
  const left = state.queueDeadline - Date.now();
  const room = roomOf(context);
  if (left <= 0 || state.clientGone || room.waiting >= context.options.getNumber('traffic_setting.queue_max'))
    return false;
  room.waiting += 1;
  try {
    await new Promise<void>((resolve) => {
      const timer = setTimeout(wake, Math.min(left, WAIT_POLL_MS));
      function wake(): void {
        clearTimeout(timer);
        room.wakers.delete(wake);
        resolve();
      }
      room.wakers.add(wake);
    });
  } finally {
    room.waiting -= 1;
  }
  return !state.clientGone;
}

/** Ends the caps' hold of the try that just ended, with what it used, and wakes a waiting call. */
export function endChannelHold(
  context: AppContext,
  state: CallState,
  used: { tokens: number; quota: number; completed: boolean } = { tokens: 0, quota: 0, completed: false },
): void {
  const grant = state.channelGrant;
  if (!grant) return;
  state.channelGrant = null;
  context.limiter.settle(grant, { tokens: used.tokens, quota: used.quota }, used.completed);
  const room = rooms.get(context.limiter);
  if (room) for (const wake of [...room.wakers]) wake();
}
