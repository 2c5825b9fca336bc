/**
 * The pricing fields a consumption log row keeps in `other` (docs/reference/console-entities.md "Usage log
 * entry", docs/reference/pricing-tiers.md): ratios, cache and audio parts, the tier and the tool lines of the
 * charge written by ./ledger.ts.
 */
import type { PriceTier } from '../../../../common/billing-expr.ts';
import { multiply, roundToInteger, toExactDecimal } from './exact-decimal.ts';
import {
  type GroupPricing,
  type ModelPricing,
  splitUsage,
  type TokenUsage,
  type ToolPricing,
  tierOfUsage,
  tokenCount,
} from './pricing.ts';

/** The pricing fields of a consumption log's `other` JSON (docs/reference/console-entities.md "Usage log entry"). */
export type PricingLogFields = {
  model_ratio: number;
  group_ratio: number;
  completion_ratio: number;
  /** USD per call; -1 for per-token models. */
  model_price: number;
  cache_tokens: number;
  cache_ratio: number;
  cache_creation_tokens: number;
  cache_creation_ratio: number;
  /** Present only when a GroupGroupRatio entry replaced the group ratio. */
  user_group_ratio?: number;
  /** The audio fields are present only when the call had audio tokens. */
  audio?: true;
  audio_input?: number;
  audio_output?: number;
  text_input?: number;
  text_output?: number;
  audio_ratio?: number;
  audio_completion_ratio?: number;
  /** Present for a model priced by a billing expression (docs/reference/pricing-tiers.md). */
  billing_mode?: 'tiered_expr';
  /** The tier that priced the call: its name, prompt-length ranges and prices (USD per 1M tokens or per call). */
  tier?: PriceTier;
  /** Present when the upstream ran priced tools: one line per kind. */
  tool_lines?: ToolLine[];
};

/** One tool line of a log row: how many calls of a kind, at what USD price per 1,000, for how much quota. */
export interface ToolLine {
  tool: string;
  count: number;
  price: number;
  quota: number;
}

export interface PricingLogInput {
  pricing: ModelPricing;
  /** The usage that was billed (settle's `usage`). */
  usage: TokenUsage;
  group: GroupPricing;
}

/** One tool line's quota alone (count × USD per 1,000 × quota per USD × group ratio), rounded half up. */
function toolLineQuota(tools: ToolPricing, kind: string, count: number, groupRatio: number): number {
  const price = tools.prices[kind] ?? 0;
  const amount = multiply(
    { units: BigInt(tokenCount(count)), scale: 0 },
    toExactDecimal(price),
    toExactDecimal(tools.quotaPerUnit),
    toExactDecimal(0.001),
    toExactDecimal(groupRatio),
  );
  return Number(roundToInteger(amount));
}

function toolLines(
  tools: ToolPricing,
  toolCalls: Readonly<Record<string, number>>,
  groupRatio: number,
): ToolLine[] {
  const lines: ToolLine[] = [];
  for (const [tool, count] of Object.entries(toolCalls)) {
    const price = Object.hasOwn(tools.prices, tool) ? tools.prices[tool] : undefined;
    if (price === undefined || !(count > 0)) continue;
    lines.push({ tool, count, price, quota: toolLineQuota(tools, tool, count, groupRatio) });
  }
  return lines;
}

/**
 * The `other` fields that explain a charge. For a per-call model the token ratios do not apply and are
 * written as 0, with model_price the USD price; for a per-token model model_price is -1.
 */
export function logPricingDetails({ pricing, usage, group }: PricingLogInput): PricingLogFields {
  const parts = splitUsage(usage);
  const perToken = pricing.kind === 'per_token' ? pricing : null;
  const fields: PricingLogFields = {
    model_ratio: perToken?.modelRatio ?? 0,
    group_ratio: group.usingGroupRatio,
    completion_ratio: perToken?.completionRatio ?? 0,
    model_price: pricing.kind === 'per_call' ? pricing.modelPrice : -1,
    cache_tokens: parts.cachedTokens,
    cache_ratio: perToken?.cacheRatio ?? 0,
    cache_creation_tokens: parts.cacheCreationTokens,
    cache_creation_ratio: perToken?.cacheCreationRatio ?? 0,
  };
  if (group.userGroupRatio !== null) fields.user_group_ratio = group.userGroupRatio;
  if (parts.audioPromptTokens > 0 || parts.audioCompletionTokens > 0) {
    fields.audio = true;
    fields.audio_input = parts.audioPromptTokens;
    fields.audio_output = parts.audioCompletionTokens;
    fields.text_input = parts.textPromptTokens + parts.cachedTokens + parts.cacheCreationTokens;
    fields.text_output = parts.textCompletionTokens;
    fields.audio_ratio = perToken?.audioRatio ?? 0;
    fields.audio_completion_ratio = perToken?.audioCompletionRatio ?? 0;
  }
  if (perToken?.tiered) {
    fields.billing_mode = 'tiered_expr';
    fields.tier = tierOfUsage(perToken.tiered, parts);
  }
  if (usage.toolCalls && pricing.tools)
    fields.tool_lines = toolLines(pricing.tools, usage.toolCalls, group.groupRatio);
  return fields;
}
