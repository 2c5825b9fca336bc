/** TanStack Query hooks of the wallet screen (docs/reference/console-screens.md "Wallet", docs/reference/console-states.md "Top-up"). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { BusinessFailure, reportFailure, unwrapReply } from '../../api/client.ts';
import { fetchPayAmount, type PaymentRequest, redeemCode, requestPayment } from '../../api/wallet.ts';
import { useReportedError } from '../../components/use-reported-error.ts';
import { i18n } from '../../i18n/index.ts';
import { useSelfMutation } from '../personal/use-personal.ts';
import { type PaymentOutcome, readPayAmountReply, readPaymentReply } from './payment-replies.ts';

export const walletQueryKeys = {
  payAmount: (amount: number) => ['wallet', 'pay-amount', amount] as const,
};

/** The money an online top-up of `amount` dollars costs; a refusal throws its reason. */
export async function loadPayAmount(amount: number): Promise<string> {
  const outcome = readPayAmountReply(await fetchPayAmount(amount));
  if (outcome.kind === 'refused')
    throw new BusinessFailure(outcome.reason || i18n.t('feedback.requestFailed'));
  return outcome.money;
}

/** Looks the money up while `enabled`; a failure is shown once as 'Error: …' (docs/reference/console-errors.md). */
export function usePayAmount(amount: number, enabled: boolean) {
  const result = useQuery({
    queryKey: walletQueryKeys.payAmount(amount),
    queryFn: () => loadPayAmount(amount),
    staleTime: 30_000,
    retry: false,
    enabled,
  });
  useReportedError(result.error);
  return result;
}

/** Redeems a code; resolves to the quota credited and refreshes the balance. */
export function useRedeemCode() {
  return useSelfMutation(async (key: string) => unwrapReply(await redeemCode(key)));
}

/** Asks for a payment; a refusal throws its reason (docs/reference/console-errors.md "Payment"), success gives the gateway form. */
export function useRequestPayment() {
  return useMutation({
    mutationFn: async (request: PaymentRequest): Promise<Extract<PaymentOutcome, { kind: 'redirect' }>> => {
      const outcome = readPaymentReply(await requestPayment(request));
      if (outcome.kind === 'refused') {
        throw new BusinessFailure(outcome.reason || i18n.t('feedback.requestFailed'));
      }
      if (outcome.kind === 'incomplete') throw new BusinessFailure(i18n.t('wallet.pay.incompleteReply'));
      return outcome;
    },
    onError: reportFailure,
  });
}
