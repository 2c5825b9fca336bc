/** TanStack Query hooks of the price list. */
import { useQuery } from '@tanstack/react-query';
import { BusinessFailure, unwrapReply } from '../../api/client.ts';
import { fetchPricing } from '../../api/pricing.ts';
import { fetchSelf } from '../../api/users.ts';
import { useReportedError } from '../../components/use-reported-error.ts';
import { personalQueryKeys } from '../personal/use-personal.ts';
import type { CataloguePricingModel, CataloguePricingReply, PricingVendor } from './catalogue-filter.ts';

export interface PricingData {
  models: CataloguePricingModel[];
  /** The catalogue's vendors the list refers to (docs/model-catalogue.md). */
  vendors: PricingVendor[];
  groupRatios: Record<string, number>;
  usableGroups: Record<string, string>;
}

/** The reply depends on who asks (usable groups, exclusive group ratios), so the user id is in the key. */
export const pricingQueryKeys = {
  list: (userId: number | null) => ['pricing', userId ?? 'visitor'] as const,
};

export function usePricing(userId: number | null) {
  const result = useQuery({
    queryKey: pricingQueryKeys.list(userId),
    queryFn: async (): Promise<PricingData> => {
      const reply = (await fetchPricing()) as CataloguePricingReply;
      if (!reply.success) throw new BusinessFailure(reply.message);
      return {
        models: Array.isArray(reply.data) ? reply.data : [],
        vendors: Array.isArray(reply.vendors) ? reply.vendors : [],
        groupRatios: reply.group_ratio ?? {},
        usableGroups: reply.usable_group ?? {},
      };
    },
    staleTime: 60_000,
    retry: false,
  });
  useReportedError(result.error);
  return result;
}

/** The logged-in user's current group (GET /api/user/self); not asked for visitors. */
export function useSelfGroup(enabled: boolean) {
  const result = useQuery({
    queryKey: personalQueryKeys.self,
    queryFn: async () => unwrapReply(await fetchSelf()),
    enabled,
    staleTime: 60_000,
    retry: false,
    select: (user) => user.group,
  });
  useReportedError(result.error);
  return result;
}
