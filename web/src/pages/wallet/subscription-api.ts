/**
 * Typed calls and TanStack Query hooks of subscriptions (docs/subscriptions.md): the user's plans and
 * subscriptions on the wallet page, and the administrators' plans and bindings on /subscriptions.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  SubscriptionBindPayload,
  SubscriptionPlanEntry,
  SubscriptionPlanPayload,
  SubscriptionSelf,
  SubscriptionSummary,
  SubscriptionWalletPayResult,
} from '../../../../common/api/subscriptions.ts';
import { http, reportFailure, unwrapReply } from '../../api/client.ts';
import { useReportedError } from '../../components/use-reported-error.ts';
import { personalQueryKeys } from '../personal/use-personal.ts';

export const subscriptionQueryKeys = {
  all: ['subscriptions'] as const,
  plans: ['subscriptions', 'plans'] as const,
  adminPlans: ['subscriptions', 'admin-plans'] as const,
  self: ['subscriptions', 'self'] as const,
  user: (userId: number) => ['subscriptions', 'user', userId] as const,
};

function useReportedQuery<T>(queryKey: readonly unknown[], load: () => Promise<T>, enabled = true) {
  const result = useQuery({ queryKey, queryFn: load, enabled, retry: false });
  useReportedError(result.error);
  return result;
}

export function useSubscriptionPlans() {
  return useReportedQuery(subscriptionQueryKeys.plans, async () =>
    unwrapReply(await http.get<SubscriptionPlanEntry[]>('/api/subscription/plans')),
  );
}

export function useSelfSubscriptions() {
  return useReportedQuery(subscriptionQueryKeys.self, async () =>
    unwrapReply(await http.get<SubscriptionSelf>('/api/subscription/self')),
  );
}

export function useAdminPlans() {
  return useReportedQuery(subscriptionQueryKeys.adminPlans, async () =>
    unwrapReply(await http.get<SubscriptionPlanEntry[]>('/api/subscription/admin/plans')),
  );
}

export function useUserSubscriptions(userId: number | null) {
  return useReportedQuery(
    subscriptionQueryKeys.user(userId ?? 0),
    async () =>
      unwrapReply(
        await http.get<SubscriptionSummary[]>(`/api/subscription/admin/users/${userId}/subscriptions`),
      ),
    userId !== null,
  );
}

/** A mutation that refreshes every subscription query (and the balance) when it succeeds. */
function useSubscriptionMutation<Variables, Data>(mutationFn: (variables: Variables) => Promise<Data>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: subscriptionQueryKeys.all });
      await queryClient.invalidateQueries({ queryKey: personalQueryKeys.self });
    },
    onError: reportFailure,
  });
}

export function useBuyWithWallet() {
  return useSubscriptionMutation(async (planId: number) =>
    unwrapReply(
      await http.post<SubscriptionWalletPayResult>('/api/subscription/wallet/pay', { plan_id: planId }),
    ),
  );
}

export function useSavePlan() {
  return useSubscriptionMutation(
    async ({ id, payload }: { id: number | null; payload: SubscriptionPlanPayload }) =>
      unwrapReply(
        id === null
          ? await http.post<SubscriptionPlanEntry>('/api/subscription/admin/plans', payload)
          : await http.put<SubscriptionPlanEntry>(`/api/subscription/admin/plans/${id}`, payload),
      ),
  );
}

export function useDisablePlan() {
  return useSubscriptionMutation(async (id: number) => {
    unwrapReply(await http.del<unknown>(`/api/subscription/admin/plans/${id}`));
  });
}

export function useBindPlan() {
  return useSubscriptionMutation(async (payload: SubscriptionBindPayload) =>
    unwrapReply(await http.post<SubscriptionSummary>('/api/subscription/admin/bind', payload)),
  );
}

export function useEndSubscription() {
  return useSubscriptionMutation(async ({ id, remove }: { id: number; remove: boolean }) => {
    unwrapReply(
      remove
        ? await http.del<unknown>(`/api/subscription/admin/user_subscriptions/${id}`)
        : await http.post<unknown>(`/api/subscription/admin/user_subscriptions/${id}/invalidate`),
    );
  });
}
