/**
 * Typed calls of the wallet API (spec §7 "Wallet", POST /api/user/aff_transfer). Every call resolves to
 * the server's reply; HTTP failures are thrown by the shared client as ApiError (already shown).
 */
import type { ApiReply } from '../../../common/api-types.ts';
import { http } from './client.ts';

/** The fields the payment gateway's submit page expects (REFERENCE §9 "Epay"). */
export interface PaymentFormData {
  [field: string]: string | number | boolean | null | undefined;
}

/**
 * The reply of POST /api/user/pay: on success `message` is 'success', `data` holds the form fields and
 * `url` (a sibling of data) the gateway address; on refusal `data` is the reason text.
 */
export type PaymentReply = ApiReply<PaymentFormData | string> & { url?: string };

/** The reply of POST /api/user/amount: `data` is the money to pay, or the refusal reason. */
export type PayAmountReply = ApiReply<string | number>;

export interface PaymentRequest {
  /** Top-up amount in dollars (an integer). */
  amount: number;
  /** The `type` of the chosen pay method. */
  payment_method: string;
}

/** Redeems a code; `data` is the quota credited. */
export function redeemCode(key: string) {
  return http.post<number>('/api/user/topup', { key });
}

/** Looks up what an online top-up of `amount` dollars costs. */
export function fetchPayAmount(amount: number): Promise<PayAmountReply> {
  return http.post<string | number>('/api/user/amount', { amount });
}

/** Creates a pending payment and returns the gateway form to post. */
export async function requestPayment(request: PaymentRequest): Promise<PaymentReply> {
  return (await http.post<PaymentFormData | string>('/api/user/pay', request)) as PaymentReply;
}

/** Moves `quota` units of invite earnings to the caller's balance. */
export function transferAffiliateQuota(quota: number) {
  return http.post<unknown>('/api/user/aff_transfer', { quota });
}
