/**
 * The subscription side of the quota ledger (./ledger.ts; docs/subscriptions.md "Charging"): what a
 * reservation takes from an allowance, and the allowance's correction at settlement. Both run inside the
 * ledger's writer group, so an allowance's `amount_used` is journaled in the same line as the balance change
 * and a restart refunds an unsettled reservation of it like a balance (server/src/db/ledger-replay.ts).
 */
import type { BatchWriter } from '../../db/batch-writer.ts';
import type { CachedUser } from '../cache/cached-accounts.ts';
import {
  type AllowanceHold,
  type AllowanceSettlement,
  chooseAllowance,
  type SubscriptionAllowance,
  settleAllowance,
  takeOf,
} from './subscription-charge.ts';

/**
 * Reservations that took from an allowance, by request id, until their settlement. Only reservations that
 * named their model and found an allowance are here, so the map stays as small as the calls in flight.
 */
const holds = new Map<string, AllowanceHold>();

export function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

/** What a reservation of `amount` for `model` would take from an allowance now: nothing, or its share. */
export interface AllowanceTake {
  item: SubscriptionAllowance;
  units: number;
  covered: number;
}

export function planAllowanceTake(
  user: CachedUser,
  model: string | undefined,
  amount: number,
): AllowanceTake | null {
  if (!model || user.allowances.length === 0) return null;
  const item = chooseAllowance(user.allowances, model, nowSeconds());
  if (!item) return null;
  const taken = takeOf(item, amount);
  return taken.units > 0 ? { item, ...taken } : null;
}

/** Applies a take to memory and queues it (inside the reservation's writer group); settled by request id. */
export function applyAllowanceTake(writer: BatchWriter, take: AllowanceTake, requestId: string): void {
  take.item.used += take.units;
  writer.increment('user_subscription_items', take.item.id, { amount_used: take.units });
  holds.set(requestId, {
    itemId: take.item.id,
    quotaType: take.item.quotaType,
    units: take.units,
    covered: take.covered,
  });
}

/** What an allowance paid of a call, for its log row's `other.subscription`. */
export interface AllowanceCharge {
  plan_id: number;
  plan_title: string;
  subscription_id: number;
  item_id: number;
  quota_type: number;
  /** The quota of the call's price the allowance paid (the balance paid the rest). */
  paid_quota: number;
  /** What the allowance's counter counts for this call: quota units, or 1 request. */
  used_amount: number;
}

/**
 * Settles the allowance's part of a call that cost `finalQuota` (inside the settlement's writer group):
 * corrects the allowance in memory and in the database, and returns the credit the balance gets back
 * against its reservation and the facts for the log row.
 */
export function settleFromAllowance(
  writer: BatchWriter,
  user: CachedUser,
  model: string,
  finalQuota: number,
  requestId: string,
): { balanceCredit: number; charge: AllowanceCharge | null } {
  const hold = holds.get(requestId);
  if (hold) holds.delete(requestId);
  else if (user.allowances.length === 0) return { balanceCredit: 0, charge: null };
  const settled = settleAllowance(user.allowances, hold, model, finalQuota, nowSeconds());
  if (!settled) return { balanceCredit: 0, charge: null };
  if (settled.unitsDelta !== 0) {
    if (settled.item) settled.item.used += settled.unitsDelta;
    writer.increment('user_subscription_items', settled.itemId, { amount_used: settled.unitsDelta });
  }
  return { balanceCredit: settled.coveredDelta, charge: chargeFacts(settled) };
}

function chargeFacts(settled: AllowanceSettlement): AllowanceCharge | null {
  if (settled.units <= 0) return null;
  return {
    plan_id: settled.item?.planId ?? 0,
    plan_title: settled.item?.planTitle ?? '',
    subscription_id: settled.item?.subscriptionId ?? 0,
    item_id: settled.itemId,
    quota_type: settled.quotaType,
    paid_quota: settled.covered,
    used_amount: settled.units,
  };
}
