/**
 * Top-up orders as lists: an administrator's view of every user's orders (GET /api/user/topup) and a
 * user's own of the last 30 days (GET /api/user/topup/self), as new-api pages them, with the provider's
 * checkout id beside each order; and an administrator completing a pending order by hand
 * (POST /api/user/topup/complete), credited once like a webhook (./settle.ts).
 */
import type { TopUpOrderView } from '../../../../common/api/payments.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import { containsText } from '../../db/like.ts';
import { businessFailure } from '../../lib/errors.ts';
import { listPage, type Paging } from '../reply.ts';
import { findOrder, providerOf, settleOrder } from './settle.ts';

/** new-api shows a user the orders of the last 30 days. */
const SELF_WINDOW_SECONDS = 30 * 86_400;

export interface OrderFilters {
  keyword?: string;
  status?: string;
  payment_method?: string;
  user_id?: number;
}

function baseQuery(context: AppContext, filters: OrderFilters) {
  let query = context.database.db
    .selectFrom('top_ups')
    .leftJoin('payment_checkouts', 'payment_checkouts.trade_no', 'top_ups.trade_no')
    .leftJoin('users', 'users.id', 'top_ups.user_id');
  if (filters.keyword) query = query.where(containsText('top_ups.trade_no', filters.keyword));
  if (filters.status) query = query.where('top_ups.status', '=', filters.status);
  if (filters.payment_method) query = query.where('top_ups.payment_method', '=', filters.payment_method);
  if (filters.user_id !== undefined) query = query.where('top_ups.user_id', '=', filters.user_id);
  return query;
}

type Joined = {
  id: number;
  user_id: number;
  username: string | null;
  amount: number | string | bigint;
  money: number | string;
  trade_no: string;
  payment_method: string;
  payment_provider: string;
  checkout_id: string | null;
  create_time: number | string | bigint;
  complete_time: number | string | bigint;
  status: string;
};

function toView(row: Joined, withUser: boolean): TopUpOrderView {
  return {
    id: Number(row.id),
    user_id: Number(row.user_id),
    ...(withUser ? { username: row.username ?? '' } : {}),
    amount: Number(row.amount),
    money: Number(row.money),
    trade_no: row.trade_no,
    payment_method: row.payment_method,
    payment_provider: providerOf(row),
    checkout_id: row.checkout_id ?? '',
    create_time: Number(row.create_time),
    complete_time: Number(row.complete_time),
    status: row.status,
  };
}

function pageOf(filtered: ReturnType<typeof baseQuery>, paging: Paging, withUser: boolean) {
  const ordered = filtered
    .select([
      'top_ups.id',
      'top_ups.user_id',
      'users.username',
      'top_ups.amount',
      'top_ups.money',
      'top_ups.trade_no',
      'top_ups.payment_method',
      'top_ups.payment_provider',
      'payment_checkouts.checkout_id',
      'top_ups.create_time',
      'top_ups.complete_time',
      'top_ups.status',
    ])
    .orderBy('top_ups.id', 'desc');
  return listPage(filtered, ordered, paging, (row) => toView(row as Joined, withUser));
}

export function listAllOrders(context: AppContext, filters: OrderFilters, paging: Paging) {
  return pageOf(baseQuery(context, filters), paging, true);
}

export async function listOwnOrders(context: AppContext, user: AuthUser, keyword: string, paging: Paging) {
  const cutoff = Math.floor(Date.now() / 1000) - SELF_WINDOW_SECONDS;
  const filtered = baseQuery(context, { keyword, user_id: user.id }).where(
    'top_ups.create_time',
    '>=',
    cutoff,
  );
  return pageOf(filtered, paging, false);
}

/** An administrator's completion of a pending order (new-api's 补单): credited once, any provider. */
export async function completeOrderByHand(context: AppContext, tradeNo: string): Promise<void> {
  const order = await findOrder(context, tradeNo);
  if (!order) throw businessFailure('wallet.order_not_found');
  const outcome = await settleOrder(context, order, null);
  if (outcome === 'refused') throw businessFailure('wallet.order_not_pending');
}

export type { TopUpOrderView };
