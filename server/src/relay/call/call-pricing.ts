/**
 * What a call may cost before it is sent: its model and group pricing (refused when the model has no
 * price and the user may not use unpriced models), checked against the caller's balances before anything
 * that grows with the body — decoding, the sensitive-word check, counting (a caller who cannot pay even an
 * empty prompt is refused at once) — and the quota reserved for it once the prompt is counted.
 */
import type { AppContext } from '../../context.ts';
import { quotaRefusal, reserveQuota } from '../billing/ledger.ts';
import {
  type GroupPricing,
  type ModelPricing,
  type PricingTables,
  pricingForUnsetModel,
  pricingTablesFromOptions,
  resolveGroupPricing,
  resolveModelPricing,
} from '../billing/pricing.ts';
import { estimatePreConsume, shouldSkipPreConsume } from '../billing/settlement.ts';
import { chooseAllowance, takeOf } from '../billing/subscription-charge.ts';
import type { RelayCaller } from '../http/auth.ts';
import { relayError } from '../http/errors.ts';
import { type CallState, promptTokensOf } from './call-state.ts';
import { maxTokensOf, type RelayCall } from './relay-call.ts';

/**
 * The pricing resolved per model and per pair of groups, kept while the pricing options stay the same
 * objects (the option store parses each JSON option once per stored value: server/src/options/store.ts
 * getJson), so a call does not walk the tables again; the tables are looked at again only after the store's
 * revision moved (any option changed). One memo per option store (tests run several
 * servers in one process); the entries are frozen, and the maps are emptied if they ever grow large
 * (model names come from requests).
 */
interface PricingMemo {
  tables: PricingTables;
  models: Map<string, ModelPricing>;
  groups: Map<string, GroupPricing>;
  /** The option store's revision when the tables were last read: until it moves, nothing is read again. */
  revision: number;
}

const MEMO_LIMIT = 1024;
const memos = new WeakMap<AppContext['options'], PricingMemo>();

function sameTables(left: PricingTables, right: PricingTables): boolean {
  return (
    left.modelRatio === right.modelRatio &&
    left.completionRatio === right.completionRatio &&
    left.cacheRatio === right.cacheRatio &&
    left.modelPrice === right.modelPrice &&
    left.groupRatio === right.groupRatio &&
    left.groupGroupRatio === right.groupGroupRatio &&
    left.quotaPerUnit === right.quotaPerUnit &&
    left.billingMode === right.billingMode &&
    left.billingExpr === right.billingExpr &&
    left.toolPrices === right.toolPrices
  );
}

function pricingMemo(options: AppContext['options']): PricingMemo {
  const memo = memos.get(options);
  const revision = options.revision;
  if (memo?.revision === revision) return memo;
  // Some option changed: the memo stays if the pricing options are still the same parsed objects.
  const tables = pricingTablesFromOptions(options);
  if (memo && sameTables(memo.tables, tables)) {
    memo.revision = revision;
    return memo;
  }
  const fresh: PricingMemo = { tables, models: new Map(), groups: new Map(), revision };
  memos.set(options, fresh);
  return fresh;
}

function remember<T extends object>(map: Map<string, T>, key: string, value: T): T {
  if (map.size >= MEMO_LIMIT) map.clear();
  map.set(key, Object.freeze(value));
  return value;
}

export function resolvePricing(
  context: AppContext,
  caller: RelayCaller,
  model: string,
): { pricing: ModelPricing; group: GroupPricing } {
  const memo = pricingMemo(context.options);
  const { tables } = memo;
  let pricing = memo.models.get(model) ?? null;
  if (!pricing) {
    const resolved = resolveModelPricing(model, tables);
    if (resolved) pricing = remember(memo.models, model, resolved);
  }
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
  const groupKey = `${caller.user.group}\u0000${caller.usingGroup}`;
  const group =
    memo.groups.get(groupKey) ??
    remember(memo.groups, groupKey, resolveGroupPricing(caller.user.group, caller.usingGroup, tables));
  return { pricing, group };
}

/** A call's pricing, resolved (and its floor checked) before anything grows with its body. */
export interface CallPrice {
  pricing: ModelPricing;
  group: GroupPricing;
}

/** The quota a call reserves for `promptTokens` prompt tokens and its completion allowance. */
function estimateFor(context: AppContext, call: RelayCall, price: CallPrice, promptTokens: number): number {
  return estimatePreConsume({
    pricing: price.pricing,
    promptTokens,
    maxTokens: maxTokensOf(call),
    groupRatio: price.group.groupRatio,
    preConsumedQuotaOption: context.options.getNumber('PreConsumedQuota'),
  });
}

/** The quota the call's prompt and completion allowance are estimated at (spend budgets reserve it). */
export function estimateCallQuota(context: AppContext, state: CallState): number {
  return estimateFor(context, state.call, state, promptTokensOf(state));
}

/** Whether the caller's balances are large enough for the call to be settled without a reservation. */
function trustedCaller(context: AppContext, caller: RelayCaller): boolean {
  const token = caller.token;
  const tokenQuota = !token || token.unlimited ? 'unlimited' : token.remainQuota;
  return shouldSkipPreConsume(caller.user.quota, tokenQuota, context.options.getNumber('QuotaPerUnit'));
}

/**
 * The pricing of `call` served by `model` (the requested model, or a fallback: server/src/relay/call/
 * fallback.ts): a per-call price times `call.priceMultiplier`.
 */
export function pricingAt(
  context: AppContext,
  call: Pick<RelayCall, 'caller' | 'priceMultiplier'>,
  model: string,
): CallPrice {
  const resolved = resolvePricing(context, call.caller, model);
  const multiplier = call.priceMultiplier ?? 1;
  return {
    pricing:
      resolved.pricing.kind === 'per_call' && multiplier !== 1
        ? { ...resolved.pricing, modelPrice: resolved.pricing.modelPrice * multiplier }
        : resolved.pricing,
    group: resolved.group,
  };
}

/**
 * The call's pricing (./pricingAt), and its floor checked: a caller whose
 * balances cannot cover the least the call can cost (an empty prompt and the completion allowance, or the
 * per-call price) is refused here, before its body is decoded, searched or counted. Nothing here grows with
 * the body. With balances shared through Redis the values held here may be behind, so the reservation
 * (server/src/relay/billing/ledger.ts) enforces the floor instead.
 */
export function priceCall(context: AppContext, call: RelayCall): CallPrice {
  const price = pricingAt(context, call, call.model);
  if (!context.accounts.sharesBalances && !trustedCaller(context, call.caller))
    refuseBelowFloor(call.caller, estimateFor(context, call, price, 0), call.model);
  return price;
}

export function reserve(context: AppContext, state: CallState): void | Promise<void> {
  const { caller } = state.call;
  const estimate = (promptTokens: number) => estimateFor(context, state.call, state, promptTokens);
  if (trustedCaller(context, caller)) {
    // Shared balances: the values held here may be behind, so Redis still admits the call (taking nothing).
    if (context.accounts.sharesBalances)
      return reserveQuota(context, caller, 0, state.requestId, estimate(0), state.call.model);
    return;
  }
  // The floor was checked before anything was counted (priceCall); Redis checks it again when shared.
  const floor = estimate(0);
  const amount = estimate(promptTokensOf(state));
  const pending = reserveQuota(context, caller, amount, state.requestId, floor, state.call.model);
  if (pending)
    return pending.then(() => {
      state.preConsumed = amount;
    });
  state.preConsumed = amount;
}

/**
 * Refuses a caller whose balances cannot cover `floor`, the least the request can cost, beyond what an
 * active subscription allowance for `model` pays first (server/src/relay/billing/subscription-charge.ts).
 */
function refuseBelowFloor(caller: RelayCaller, least: number, model: string): void {
  let floor = least;
  if (floor > 0 && caller.user.allowances.length > 0) {
    const item = chooseAllowance(caller.user.allowances, model, Math.floor(Date.now() / 1000));
    if (item) floor -= takeOf(item, floor).covered;
  }
  if (floor <= 0) return;
  if (caller.user.quota < floor) throw quotaRefusal('user', caller.user.quota, floor, 'floor');
  const token = caller.token;
  if (token && !token.unlimited && token.remainQuota < floor)
    throw quotaRefusal('token', token.remainQuota, floor, 'floor');
}
