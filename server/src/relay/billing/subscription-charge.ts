/**
 * How a call's price is split between a subscription allowance and the balance (docs/subscriptions.md
 * "Charging"). Pure: the quota ledger (./ledger.ts) applies the results to the cached user, the batch writer
 * and the journal.
 *
 * An allowance (a user_subscription_items row) covers one model: of quota type 0 it pays quota units until
 * `amount_total` is spent, the rest of a call's price going to the balance; of request type 1 one request
 * pays a whole call. The allowance chosen is new-api's: of the user's active subscriptions the one ending
 * last (then the newest subscription, then the newest item) among those with something left.
 */

export const QuotaType = { quota: 0, requests: 1 } as const;

/** An active allowance as the relay holds it with the cached user (server/src/relay/cache/cached-subscriptions.ts). */
export interface SubscriptionAllowance {
  id: number;
  subscriptionId: number;
  planId: number;
  planTitle: string;
  modelName: string;
  quotaType: number;
  total: number;
  /** Live: what the database holds plus what is queued or taken here. */
  used: number;
  /** Unix seconds; never used at or after it. */
  endTime: number;
}

/** What a reservation took from an allowance: `units` of its counter, covering `covered` of the estimate. */
export interface AllowanceHold {
  itemId: number;
  quotaType: number;
  units: number;
  covered: number;
}

export function remainingOf(item: SubscriptionAllowance): number {
  return Math.max(0, item.total - item.used);
}

function usable(item: SubscriptionAllowance, model: string, nowSeconds: number): boolean {
  if (item.modelName !== model || item.endTime <= nowSeconds) return false;
  return item.quotaType === QuotaType.requests ? remainingOf(item) >= 1 : remainingOf(item) > 0;
}

/** Sorts allowances in the order they are chosen (ending last first, then newest subscription, newest item). */
export function allowanceOrder(a: SubscriptionAllowance, b: SubscriptionAllowance): number {
  return b.endTime - a.endTime || b.subscriptionId - a.subscriptionId || b.id - a.id;
}

/** The allowance that pays for a call of `model` now, or null; `items` are in allowanceOrder. */
export function chooseAllowance(
  items: readonly SubscriptionAllowance[],
  model: string,
  nowSeconds: number,
): SubscriptionAllowance | null {
  for (const item of items) if (usable(item, model, nowSeconds)) return item;
  return null;
}

/** What an allowance takes of a price `amount` now: all of it for one request, or what is left of its quota. */
export function takeOf(item: SubscriptionAllowance, amount: number): { units: number; covered: number } {
  if (item.quotaType === QuotaType.requests) return { units: 1, covered: amount };
  const covered = Math.min(Math.max(amount, 0), remainingOf(item));
  return { units: covered, covered };
}

export interface AllowanceSettlement {
  item: SubscriptionAllowance | null;
  itemId: number;
  quotaType: number;
  /** Change of the allowance's `amount_used` (negative: given back). */
  unitsDelta: number;
  /** The allowance's final share of the call's price. */
  covered: number;
  /** Change of the allowance's share against the reservation: the balance is credited with it. */
  coveredDelta: number;
  /** The allowance's counter after the call (`units` of it are this call's). */
  units: number;
}

/**
 * The allowance's part of a call that finally costs `finalQuota`. With a hold (the reservation took from an
 * allowance) the same allowance is corrected: a quota allowance pays the real price up to what it has left
 * (the overflow goes to the balance), a request allowance keeps its one request when the call cost anything
 * and gives it back when nothing was charged. Without a hold an allowance is chosen now. Null: none pays.
 */
export function settleAllowance(
  items: readonly SubscriptionAllowance[],
  hold: AllowanceHold | undefined,
  model: string,
  finalQuota: number,
  nowSeconds: number,
): AllowanceSettlement | null {
  if (hold) {
    const found = items.find((item) => item.id === hold.itemId) ?? null;
    const alive = found !== null && found.endTime > nowSeconds;
    let units: number;
    let covered: number;
    if (hold.quotaType === QuotaType.requests) {
      units = finalQuota > 0 ? 1 : 0;
      covered = finalQuota > 0 ? finalQuota : 0;
    } else {
      const available = hold.units + (alive && found ? remainingOf(found) : 0);
      covered = Math.min(Math.max(finalQuota, 0), available);
      units = covered;
    }
    return {
      item: found,
      itemId: hold.itemId,
      quotaType: hold.quotaType,
      unitsDelta: units - hold.units,
      covered,
      coveredDelta: covered - hold.covered,
      units,
    };
  }
  if (finalQuota <= 0) return null;
  const item = chooseAllowance(items, model, nowSeconds);
  if (!item) return null;
  const taken = takeOf(item, finalQuota);
  return {
    item,
    itemId: item.id,
    quotaType: item.quotaType,
    unitsDelta: taken.units,
    covered: taken.covered,
    coveredDelta: taken.covered,
    units: taken.units,
  };
}
