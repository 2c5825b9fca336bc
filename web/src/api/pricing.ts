/**
 * The public price list (docs/reference/console-entities.md "Pricing model entry", docs/reference/console-api.md "GET /api/pricing"). Unlike other replies,
 * group_ratio and usable_group are top-level siblings of data.
 */
import { type PricingModel, type PricingReply, QuotaType } from '../../../common/api/pricing.ts';
import { http } from './client.ts';

export { type PricingModel, type PricingReply, QuotaType };

export async function fetchPricing(): Promise<PricingReply> {
  return (await http.get<PricingModel[]>('/api/pricing')) as PricingReply;
}
