/**
 * What a call may cost before it is sent: its model and group pricing (refused when the model has no
 * price and the user may not use unpriced models), and the quota reserved for it — refused at once when
 * the caller cannot pay even an empty prompt, before anything is counted.
 */
import type { AppContext } from '../context.ts';
import type { RelayCaller } from './auth.ts';
import { reserveQuota } from './billing/ledger.ts';
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

export function reserve(context: AppContext, state: CallState): void {
  const { caller } = state.call;
  const token = caller.token;
  const tokenQuota = !token || token.unlimited ? 'unlimited' : token.remainQuota;
  if (shouldSkipPreConsume(caller.user.quota, tokenQuota, context.options.getNumber('QuotaPerUnit'))) return;
  const estimate = (promptTokens: number) =>
    estimatePreConsume({
      pricing: state.pricing,
      promptTokens,
      maxTokens: maxTokensOf(state.call),
      groupRatio: state.group.groupRatio,
      preConsumedQuotaOption: context.options.getNumber('PreConsumedQuota'),
    });
  // Before any counting: a caller who cannot pay even an empty prompt is refused at once.
  refuseBelowFloor(caller, estimate(0));
  const amount = estimate(promptTokensOf(state));
  reserveQuota(context, caller, amount, state.requestId);
  state.preConsumed = amount;
}

/** Refuses a caller whose balances cannot cover `floor`, the least the request can cost. */
function refuseBelowFloor(caller: RelayCaller, floor: number): void {
  if (floor <= 0) return;
  const cannotCover = `cannot cover even the least this request can cost (${floor})`;
  if (caller.user.quota < floor)
    throw relayError(403, 'insufficient_user_quota', `the user quota (${caller.user.quota}) ${cannotCover}`);
  const token = caller.token;
  if (token && !token.unlimited && token.remainQuota < floor) {
    throw relayError(
      403,
      'insufficient_token_quota',
      `the API key quota (${token.remainQuota}) ${cannotCover}`,
    );
  }
}
