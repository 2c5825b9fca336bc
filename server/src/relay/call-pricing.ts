/**
 * What a call may cost before it is sent: its model and group pricing (refused when the model has no
 * price and the user may not use unpriced models), and the quota reserved for it — refused at once when
 * the caller cannot pay even an empty prompt, before anything is counted.
 */
import type { AppContext } from '../context.ts';
import type { RelayCaller } from './auth.ts';
import { quotaRefusal, reserveQuota } from './billing/ledger.ts';
import {
  type GroupPricing,
  type ModelPricing,
  pricingForUnsetModel,
  pricingTablesFromOptions,
  resolveGroupPricing,
  resolveModelPricing,
} from './billing/pricing.ts';
import { estimatePreConsume, shouldSkipPreConsume } from './billing/settlement.ts';
import { type CallState, promptTokensOf } from './call-state.ts';
import { relayError } from './errors.ts';
import { maxTokensOf } from './relay-call.ts';

export function resolvePricing(
  context: AppContext,
  caller: RelayCaller,
  model: string,
): { pricing: ModelPricing; group: GroupPricing } {
  const tables = pricingTablesFromOptions(context.options);
  let pricing = resolveModelPricing(model, tables);
  if (!pricing) {
    if (!context.options.getBoolean('SelfUseModeEnabled') && !caller.user.acceptUnsetModelRatio) {
      throw relayError(
        400,
        'model_price_not_configured',
        `model ${model} has no price configured; ask the administrator to set one`,
      );
    }
    pricing = pricingForUnsetModel(model, tables);
  }
  return { pricing, group: resolveGroupPricing(caller.user.group, caller.usingGroup, tables) };
}

export function reserve(context: AppContext, state: CallState): void | Promise<void> {
  const { caller } = state.call;
  const token = caller.token;
  const estimate = (promptTokens: number) =>
    estimatePreConsume({
      pricing: state.pricing,
      promptTokens,
      maxTokens: maxTokensOf(state.call),
      groupRatio: state.group.groupRatio,
      preConsumedQuotaOption: context.options.getNumber('PreConsumedQuota'),
    });
  const tokenQuota = !token || token.unlimited ? 'unlimited' : token.remainQuota;
  if (shouldSkipPreConsume(caller.user.quota, tokenQuota, context.options.getNumber('QuotaPerUnit'))) {
    // Shared balances: the values held here may be behind, so Redis still admits the call (taking nothing).
    if (context.accounts.sharesBalances)
      return reserveQuota(context, caller, 0, state.requestId, estimate(0));
    return;
  }
  const floor = estimate(0);
  // Before any counting: a caller who cannot pay even an empty prompt is refused at once.
  if (!context.accounts.sharesBalances) refuseBelowFloor(caller, floor);
  const amount = estimate(promptTokensOf(state));
  const pending = reserveQuota(context, caller, amount, state.requestId, floor);
  if (pending)
    return pending.then(() => {
      state.preConsumed = amount;
    });
  state.preConsumed = amount;
}

/** Refuses a caller whose balances cannot cover `floor`, the least the request can cost. */
function refuseBelowFloor(caller: RelayCaller, floor: number): void {
  if (floor <= 0) return;
  if (caller.user.quota < floor) throw quotaRefusal('user', caller.user.quota, floor, 'floor');
  const token = caller.token;
  if (token && !token.unlimited && token.remainQuota < floor)
    throw quotaRefusal('token', token.remainQuota, floor, 'floor');
}
