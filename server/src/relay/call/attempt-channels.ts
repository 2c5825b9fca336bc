/**
 * The loop over channels of one relay call (docs/reference/routing.md): choose a channel, try it
 * (./try-channel.ts), and act on how the try ended — another channel, the same one, or none — until one
 * answers or the model's tries are used up; then the group's fallback models in turn (./fallback.ts), each
 * with its own channels; then the last failure goes to the client, naming the channels tried (./trail.ts).
 */
import type { AppContext } from '../../context.ts';
import { relayError } from '../http/errors.ts';
import type { RelayReply } from '../http/http-types.ts';
import type { UpstreamFailure } from '../routing/health.ts';
import { endChannelHold, nextChannel } from '../routing/next-channel.ts';
import { abortedEnding, type CallState, type Ending, sendFailure } from './call-state.ts';
import { fallbackModelsOf, mayFallBack, switchToFallback } from './fallback.ts';
import { markReturned, trailSummary } from './trail.ts';
import { maxAttemptsOf, tryChannel } from './try-channel.ts';

/** How the tries of one model ended: served, or its last failure and whether it ends the call. */
type ModelTries = { ending: Ending } | { failure: UpstreamFailure | null; stopped: boolean };

/**
 * Tries channels of `model` until one answers (server/src/relay/call/try-channel.ts): another channel after
 * a failure that allows one, the same channel again (uncounted) when the try says so, none after a final
 * refusal — at most 1 + RetryTimes channels, one when the call is pinned to a channel.
 */
async function tryModel(
  context: AppContext,
  reply: RelayReply,
  state: CallState,
  model: string,
): Promise<ModelTries> {
  const maxAttempts = maxAttemptsOf(context, state.call);
  let failure: UpstreamFailure | null = null;
  // Counted by the tries made: a try at another key of the same channel counts (./try-channel.ts).
  while (state.tried.length < maxAttempts) {
    // A channel whose type serves the endpoint, not tried yet (or the pinned one).
    const next = nextChannel(context, state, model);
    const channel = next instanceof Promise ? await next : next;
    if (!channel) break;
    state.tried.push(channel.id);
    const outcome = await tryChannel(context, reply, state, channel, model);
    if (outcome.kind === 'ended') return { ending: outcome.ending };
    endChannelHold(context, state);
    failure = outcome.failure;
    if (outcome.next === 'stop') return { failure, stopped: true };
    if (outcome.next === 'same-channel') state.tried.pop();
  }
  return { failure, stopped: false };
}

/**
 * Tries the requested model, then — while its failures allow (./fallback.ts mayFallBack) — each fallback
 * of the group in order. Each model has its own budget of tries and may use a channel an earlier model
 * failed at (another model of the same account may well answer); `state.tried` ends up naming every try.
 */
export async function attemptChannels(
  context: AppContext,
  reply: RelayReply,
  state: CallState,
): Promise<Ending> {
  const { call } = state;
  let tries = await tryModel(context, reply, state, call.model);
  if ('ending' in tries) return tries.ending;
  let lastFailure = tries.failure;
  const fallbacks =
    lastFailure && mayFallBack(state, tries.stopped)
      ? fallbackModelsOf(context.options, call.caller.usingGroup, call.model)
      : [];
  if (fallbacks.length > 0) {
    const earlier = state.tried;
    try {
      for (const model of fallbacks) {
        const reason = state.trail?.at(-1)?.class ?? 'network';
        if (!switchToFallback(context, state, model, reason)) continue;
        state.tried = [];
        tries = await tryModel(context, reply, state, model);
        earlier.push(...state.tried);
        if ('ending' in tries) return tries.ending;
        lastFailure = tries.failure ?? lastFailure;
        if (!mayFallBack(state, tries.stopped)) break;
      }
    } finally {
      state.tried = earlier;
    }
  }
  if (state.clientGone) return abortedEnding(null, call.model);
  if (!lastFailure) {
    throw relayError(
      503,
      'model_not_found',
      `no available channel for model ${call.model} in group ${call.caller.usingGroup}`,
    );
  }
  markReturned(state);
  const tried = trailSummary(state);
  sendFailure(
    reply,
    state,
    tried ? { ...lastFailure, message: `${lastFailure.message}; ${tried}` } : lastFailure,
  );
  return { ...abortedEnding(null, call.model), outcome: 'upstream_failed_before_output' };
}
