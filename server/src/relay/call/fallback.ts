/**
 * Fallback chains (docs/reference/routing.md, "Fallback chains"): when every channel of the requested model
 * failed before the client saw any output, the group's fallbacks of that model
 * (`traffic_setting.fallback_models`, `{group: {model: [fallback, …]}}`) are tried in order, each with its
 * own channels. The model that serves is the one priced: the call's pricing becomes the fallback's. A
 * fallback the caller's key may not use, or that has no price the caller may be charged, is skipped.
 */
import type { ErrorClass } from '../../../../common/error-classes.ts';
import type { AppContext } from '../../context.ts';
import type { OptionStore } from '../../options/store.ts';
import { checkModelAllowed } from '../http/auth.ts';
import { pricingAt } from './call-pricing.ts';
import type { CallState } from './call-state.ts';
import { pinnedChannelOf } from './relay-call.ts';

type FallbackTable = Readonly<Record<string, Readonly<Record<string, readonly string[]>>>>;

const NO_FALLBACKS: readonly string[] = [];

/** The fallbacks of `model` in `group`, in order; none when the option names none. */
export function fallbackModelsOf(
  options: Pick<OptionStore, 'getJson'>,
  group: string,
  model: string,
): readonly string[] {
  const table = options.getJson<FallbackTable | null>('traffic_setting.fallback_models');
  const list = table?.[group]?.[model];
  return Array.isArray(list) ? list : NO_FALLBACKS;
}

/**
 * Whether the call may move on to a fallback model after the last try of its current one: not pinned to
 * a channel, the client still there, and the last failure one the error policy retries (a failure it
 * returns, such as a prompt too long, would be the same at any model's channel, and a shutdown ends calls).
 */
export function mayFallBack(state: CallState, stopped: boolean): boolean {
  return !stopped && !state.clientGone && pinnedChannelOf(state.call) === null && !state.abort.aborted;
}

/**
 * Makes fallback model `model` the one the call is tried with: checks the caller's key may use it and that
 * it has a price the caller may be charged (false, and nothing changed, otherwise), then prices the call at
 * it and records the fallback (the reply's model: `traffic_setting.fallback_reply_model`).
 */
export function switchToFallback(
  context: AppContext,
  state: CallState,
  model: string,
  reason: ErrorClass,
): boolean {
  const { call } = state;
  try {
    checkModelAllowed(call.caller, model);
    state.pricing = pricingAt(context, call, model).pricing;
  } catch {
    return false;
  }
  const served = context.options.get('traffic_setting.fallback_reply_model') === 'served';
  state.fallback = { requested: call.model, served: model, reason, replyModel: served ? model : call.model };
  return true;
}
