/**
 * The next channel of a relay call (docs/reference/routing.md): the chooser's pick (./choose.ts) for the model
 * being tried. The integrator extends this with affinity, cooldowns and channel caps; the loop over channels
 * (server/src/relay/call/attempt-channels.ts) only calls `nextChannel` and `endChannelHold`.
 */
import type { AppContext } from '../../context.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import type { CallState } from '../call/call-state.ts';
import { chooseChannel } from './choose.ts';

/**
 * The next channel for `model` not tried yet by this call (`state.tried`), holding its caps' slot, or null
 * when none is left. May wait (bounded) for a busy channel.
 */
export async function nextChannel(
  context: AppContext,
  state: CallState,
  model: string,
): Promise<CachedChannel | null> {
  return chooseChannel(context, state.call, model, state.call.endpoint, state.tried);
}

/** Ends the hold `nextChannel` took on the channel of a try that failed (its caps' slot is freed). */
export function endChannelHold(_context: AppContext, _state: CallState): void {}
