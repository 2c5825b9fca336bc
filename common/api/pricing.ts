/** The public price list (GET /api/pricing, server/src/api/pricing/routes.ts). */
import type { PriceTier } from '../billing-expr.ts';
import type { ApiReply } from './reply.ts';

/** quota_type of a pricing entry: 0 pay by usage (per token), 1 pay per call. */
export const QuotaType = { perToken: 0, perCall: 1 } as const;

export interface PricingModel {
  model_name: string;
  /** 0 per token, 1 per call (see QuotaType). */
  quota_type: number;
  /** 0 when the model is priced per call. */
  model_ratio: number;
  /** USD per call; 0 when the model is priced per token. */
  model_price: number;
  /** 0 when the model is priced per call. */
  completion_ratio: number;
  /** Groups that have a channel for the model. */
  enable_groups: string[];
  /** "tiered_expr" when a billing expression prices the model (docs/reference/pricing-tiers.md). */
  billing_mode?: 'tiered_expr';
  /** The stored billing expression (new-api's field). */
  billing_expr?: string;
  /** Switchyard: the expression's tiers with their prompt-length ranges and prices (USD per 1M tokens). */
  tiers?: PriceTier[];
  /** Switchyard: USD per 1,000 calls of each tool kind for this model (tool_price_setting.prices). */
  tool_prices?: Record<string, number>;
}

/** Unlike other replies, group_ratio and usable_group are top-level siblings of data. */
export interface PricingReply extends ApiReply<PricingModel[]> {
  /** Group name → ratio (the caller's group-to-group ratios already applied by the server). */
  group_ratio?: Record<string, number>;
  /** Group name → description: the caller's usable groups (a visitor gets the public ones). */
  usable_group?: Record<string, string>;
}

/**
 * A price-list entry with the model catalogue's fields, present only where a `models` entry describes the
 * model (docs/model-catalogue.md "The price list"; new-api's Pricing fields).
 */
export interface CataloguePricingModel extends PricingModel {
  vendor_id?: number;
  description?: string;
  icon?: string;
  tags?: string;
  context_length?: number;
  max_output_tokens?: number;
  input_modalities?: string;
  output_modalities?: string;
  supported_endpoint_types?: string[];
}

/** A vendor the price list refers to. */
export interface PricingVendor {
  id: number;
  name: string;
  description?: string;
  icon?: string;
}

/** Billing expressions (tiered prices) are shared with the server: common/billing-expr.ts. */
export * from '../billing-expr.ts';
