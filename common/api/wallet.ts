/**
 * The wallet (server/src/api/wallet/routes.ts): the payable amount, the payment gateway's form, the
 * transfer of invitation earnings. Redeeming a code is in redemptions.ts (TopUpPayload).
 */
import type { ApiReply } from './reply.ts';

/** POST /api/user/amount. */
export interface PayAmountRequest {
  /** Top-up amount in dollars (an integer). */
  amount: number;
  top_up_code?: string;
}

/**
 * The reply of POST /api/user/amount: `data` is the money to pay, which the server sends as text with two
 * decimals ('7.30'); a refusal comes as success false with the reason in `message`.
 */
export type PayAmountReply = ApiReply<string | number>;

/** POST /api/user/pay. */
export interface PaymentRequest extends PayAmountRequest {
  /** The `type` of the chosen pay method. */
  payment_method: string;
}

/** The fields the payment gateway's submit page expects. */
export interface PaymentFormData {
  [field: string]: string | number | boolean | null | undefined;
}

/**
 * The reply of POST /api/user/pay: on success `message` is 'success', `data` holds the form fields and
 * `url` (a sibling of data) the gateway address; on refusal `data` is the reason text.
 */
export type PaymentReply = ApiReply<PaymentFormData | string> & { url?: string };

/** POST /api/user/aff_transfer: moves `quota` units of invitation earnings to the balance. */
export interface AffTransferPayload {
  quota: number;
}
