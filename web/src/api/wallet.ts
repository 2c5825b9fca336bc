/**
 * Typed calls of the wallet API (docs/reference/console-api.md "Wallet", POST /api/user/aff_transfer). Every call resolves to
 * the server's reply; HTTP failures are thrown by the shared client as ApiError (already shown).
 */
import type { TopUpPayload } from '../../../common/api/redemptions.ts';
import type {
  AffTransferPayload,
  PayAmountReply,
  PayAmountRequest,
  PaymentFormData,
  PaymentReply,
  PaymentRequest,
} from '../../../common/api/wallet.ts';
import { http } from './client.ts';

export type { PayAmountReply, PaymentFormData, PaymentReply, PaymentRequest };

/** Redeems a code; `data` is the quota credited. */
export function redeemCode(key: string) {
  return http.post<number>('/api/user/topup', { key } satisfies TopUpPayload);
}

/** Looks up what an online top-up of `amount` dollars costs. */
export function fetchPayAmount(amount: number): Promise<PayAmountReply> {
  return http.post<string | number>('/api/user/amount', { amount } satisfies PayAmountRequest);
}

/** Creates a pending payment and returns the gateway form to post. */
export async function requestPayment(request: PaymentRequest): Promise<PaymentReply> {
  return (await http.post<PaymentFormData | string>('/api/user/pay', request)) as PaymentReply;
}

/** Moves `quota` units of invite earnings to the caller's balance. */
export function transferAffiliateQuota(quota: number) {
  return http.post<unknown>('/api/user/aff_transfer', { quota } satisfies AffTransferPayload);
}
