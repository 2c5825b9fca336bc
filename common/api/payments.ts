/** A top-up order as GET /api/user/topup and /api/user/topup/self send it (server/src/api/payments/orders.ts). */
export interface TopUpOrderView {
  id: number;
  user_id: number;
  username?: string;
  amount: number;
  money: number;
  trade_no: string;
  payment_method: string;
  /** Which provider settles the order: epay, stripe, creem ('' on rows older than the column). */
  payment_provider: string;
  /** The provider's id of the checkout (Stripe session, Creem checkout), '' for Epay. */
  checkout_id: string;
  create_time: number;
  complete_time: number;
  status: string;
}
