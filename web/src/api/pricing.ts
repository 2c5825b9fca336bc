/**
 * The public price list (spec §3 "Pricing model entry", §7 "GET /api/pricing"). Unlike other replies,
 * group_ratio and usable_group are top-level siblings of data.
 */
import type { ApiReply } from '../../../common/api-types.ts';
import { http } from './client.ts';

/** quota_type of a pricing entry: 0 pay by usage (per token), 1 pay per call. */
export const QuotaType = { perToken: 0, perCall: 1 } as const;

export interface PricingModel {
  model_name: string;
  /** 0 per token, 1 per call (see QuotaType). */
  quota_type: number;
  model_ratio: number;
  /** USD per call; 0 when the model is priced per token. */
  model_price: number;
  completion_ratio: number;
  /** Groups that have a channel for the model. */
  enable_groups: string[];
}

export interface PricingReply extends ApiReply<PricingModel[]> {
  /** Group name → ratio (the caller's exclusive ratios already applied by the server). */
  group_ratio?: Record<string, number>;
  /** Group name → description: the caller's usable groups (a visitor gets the public ones). */
  usable_group?: Record<string, string>;
}

export async function fetchPricing(): Promise<PricingReply> {
  return (await http.get<PricingModel[]>('/api/pricing')) as PricingReply;
}
