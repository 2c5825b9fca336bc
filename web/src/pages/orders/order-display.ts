/**
 * Top-up orders in the console (docs/reference/payments.md "Orders"): the row as GET /api/user/topup
 * sends it, the status tags, and the list query.
 */

import type { TopUpOrderView } from '../../../../common/api/payments.ts';

export type { TopUpOrderView };

export interface OrderSearch {
  keyword: string;
  status: string;
  payment_method: string;
}

export const ORDER_STATUSES = ['pending', 'success', 'failed', 'expired'] as const;
export const ORDER_METHODS = ['stripe', 'creem', 'alipay', 'wxpay'] as const;

const statusTags: Record<string, { key: string; color: string }> = {
  pending: { key: 'payments.orders.status.pending', color: 'gold' },
  success: { key: 'payments.orders.status.success', color: 'green' },
  failed: { key: 'payments.orders.status.failed', color: 'red' },
  expired: { key: 'payments.orders.status.expired', color: 'default' },
};

/** The tag of a status: its i18n key and colour; an unknown status shows as it is. */
export function orderStatusTag(status: string): { key: string | null; color: string } {
  return statusTags[status] ?? { key: null, color: 'default' };
}

/** The list's query parameters: empty filters are left out. */
export function orderListParams(
  search: OrderSearch,
  page: number,
  pageSize: number,
): Record<string, string | number> {
  const params: Record<string, string | number> = { p: page, page_size: pageSize };
  if (search.keyword.trim()) params.keyword = search.keyword.trim();
  if (search.status) params.status = search.status;
  if (search.payment_method) params.payment_method = search.payment_method;
  return params;
}

/** What the order is worth: Creem orders hold their quota in `amount`, the others whole dollars. */
export function orderCreditsQuota(order: Pick<TopUpOrderView, 'payment_provider'>): boolean {
  return order.payment_provider === 'creem';
}
