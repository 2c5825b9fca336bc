/**
 * The loop over channels of one relay call (docs/reference/routing.md): choose a channel, try it
 * (./try-channel.ts), and act on how the try ended — another channel, the same one, or none — until one
 * answers or the call's tries are used up; then the last failure goes to the client.
 */
import type { AppContext } from '../../context.ts';
import { relayError } from '../http/errors.ts';
import type { RelayReply } from '../http/http-types.ts';
import type { UpstreamFailure } from '../routing/health.ts';
import { endChannelHold, nextChannel } from '../routing/next-channel.ts';
import { abortedEnding, type CallState, type Ending, sendFailure } from './call-state.ts';
import { maxAttemptsOf, tryChannel } from './try-channel.ts';

/**
 * Tries channels until one answers (server/src/relay/call/try-channel.ts): another channel after a
 * failure that allows one, the same channel again (uncounted) when the try says so, none after a final
 * refusal — at most 1 + RetryTimes channels, one when the call is pinned to a channel.
 */
export async function attemptChannels(
  context: AppContext,
  reply: RelayReply,
  state: CallState,
): Promise<Ending> {
  const { call } = state;
  const maxAttempts = maxAttemptsOf(context, call);
  let lastFailure: UpstreamFailure | null = null;
  // Counted by the tries made: a try at another key of the same channel counts (./try-channel.ts).
  while (state.tried.length < maxAttempts) {
    // A channel whose type serves the endpoint, not tried yet (or the pinned one).
    const channel = await nextChannel(context, state, call.model);
    if (!channel) break;
    state.tried.push(channel.id);
    const outcome = await tryChannel(context, reply, state, channel);
    if (outcome.kind === 'ended') return outcome.ending;
    endChannelHold(context, state);
    lastFailure = outcome.failure;
    if (outcome.next === 'stop') break;
    if (outcome.next === 'same-channel') state.tried.pop();
  }
  if (state.clientGone) return abortedEnding(null, call.model);
  if (!lastFailure) {
    throw relayError(
      503,
      'model_not_found',
      `no available channel for model ${call.model} in group ${call.caller.usingGroup}`,
    );
  }
  sendFailure(reply, state, lastFailure);
  return { ...abortedEnding(null, call.model), outcome: 'upstream_failed_before_output' };
}
