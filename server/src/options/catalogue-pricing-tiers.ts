/**
 * The options of tiered, tool and expression pricing (docs/reference/pricing-tiers.md); ./catalogue.ts lists
 * them with every other option. The keys are new-api's: billing_setting.billing_mode and
 * billing_setting.billing_expr (model → "tiered_expr" and its expression), tool_price_setting.prices
 * ("tool" or "tool:model-prefix*" → USD per 1,000 calls). An expression outside what Switchyard evaluates
 * exactly (common/billing-expr.ts) is refused at save with the reason, per model.
 */
import { z } from 'zod';
import { compileExpr, ExprError, type ExprRefusal } from '../../../common/billing-expr.ts';
import { registerMessages } from '../lib/messages.ts';
import { json, type OptionDefinition } from './definitions.ts';
import type { JsonShape } from './json-shapes.ts';

export const pricingTierMessages = {
  'pricing_tier.billing_mode': {
    en: '{key} must be a JSON object mapping models to "ratio" or "tiered_expr" (model {model})',
    zh: '{key} 必须是 JSON 对象，每个模型对应 "ratio" 或 "tiered_expr"（模型 {model}）',
  },
  'pricing_tier.expr_syntax': {
    en: 'The billing expression of {model} cannot be read: {detail}',
    zh: '模型 {model} 的计费表达式无法解析：{detail}',
  },
  'pricing_tier.expr_unsupported_variable': {
    en: 'The billing expression of {model} uses {detail}, which Switchyard does not bill separately (use p, c, cr, cc, ai, ao, and len in conditions)',
    zh: '模型 {model} 的计费表达式使用了 {detail}，Switchyard 不单独计量它（可用 p、c、cr、cc、ai、ao，条件中用 len）',
  },
  'pricing_tier.expr_unsupported_function': {
    en: 'The billing expression of {model} calls {detail}(), which Switchyard does not evaluate (only tier() and fixed())',
    zh: '模型 {model} 的计费表达式调用了 {detail}()，Switchyard 不支持（只支持 tier() 和 fixed()）',
  },
  'pricing_tier.expr_request_rules': {
    en: 'The billing expression of {model} has request rules after |||, which Switchyard does not evaluate',
    zh: '模型 {model} 的计费表达式在 ||| 之后带有请求规则，Switchyard 不支持',
  },
  'pricing_tier.expr_leaf_shape': {
    en: 'The billing expression of {model} must end each branch in tier("name", p * price + c * price …) or tier("name", fixed(price)): {detail}',
    zh: '模型 {model} 的计费表达式每个分支必须是 tier("名称", p * 价格 + c * 价格 …) 或 tier("名称", fixed(价格))：{detail}',
  },
  'pricing_tier.expr_condition_shape': {
    en: 'The billing expression of {model} may only compare len with a whole number in its conditions (len <= 200000)',
    zh: '模型 {model} 的计费表达式条件只能比较 len 与整数（如 len <= 200000）',
  },
  'pricing_tier.expr_negative_price': {
    en: 'The billing expression of {model} has a negative or invalid price in tier {detail}',
    zh: '模型 {model} 的计费表达式在档位 {detail} 中有负数或无效价格',
  },
  'pricing_tier.tool_prices': {
    en: '{key} must be a JSON object mapping "tool" or "tool:model-prefix*" to non-negative USD prices per 1,000 calls',
    zh: '{key} 必须是 JSON 对象，键为 "工具" 或 "工具:模型前缀*"，值为每千次调用的非负美元价格',
  },
} as const;

declare module '../lib/messages.ts' {
  interface MessageTables {
    pricingTiers: typeof pricingTierMessages;
  }
}

registerMessages(pricingTierMessages);

const REFUSAL_MESSAGES: Record<ExprRefusal, keyof typeof pricingTierMessages> = {
  syntax: 'pricing_tier.expr_syntax',
  unsupported_variable: 'pricing_tier.expr_unsupported_variable',
  unsupported_function: 'pricing_tier.expr_unsupported_function',
  request_rules: 'pricing_tier.expr_request_rules',
  leaf_shape: 'pricing_tier.expr_leaf_shape',
  condition_shape: 'pricing_tier.expr_condition_shape',
  negative_price: 'pricing_tier.expr_negative_price',
};

/**
 * A failed check carries the message to show in its issue's params (server/src/options/validate.ts reads
 * `params.message` of a custom issue).
 */
const billingExpr = z.record(z.string(), z.string()).superRefine((byModel, context) => {
  for (const [model, source] of Object.entries(byModel)) {
    try {
      compileExpr(source);
    } catch (error) {
      if (!(error instanceof ExprError)) throw error;
      context.addIssue({
        code: 'custom',
        message: error.message,
        params: { message: REFUSAL_MESSAGES[error.reason], model, detail: error.detail },
      });
      return;
    }
  }
});

const billingMode = z.record(z.string(), z.unknown()).superRefine((byModel, context) => {
  for (const [model, mode] of Object.entries(byModel)) {
    if (mode === 'ratio' || mode === 'tiered_expr') continue;
    context.addIssue({
      code: 'custom',
      message: `${model}: ${String(mode)}`,
      params: { message: 'pricing_tier.billing_mode', model },
    });
    return;
  }
});

export const pricingTierShapes = {
  /** {"gemini-2.5-pro": "tiered_expr"} */
  billingMode: { schema: billingMode, message: 'option.json_string_map' },
  /** {"gemini-2.5-pro": "len <= 200000 ? tier(\"base\", p * 1.25 + c * 10) : tier(\"long\", p * 2.5 + c * 15)"} */
  billingExpr: { schema: billingExpr, message: 'option.json_string_map' },
  /** {"web_search": 10, "web_search_preview:gpt-4o*": 25} */
  toolPrices: {
    schema: z.record(z.string(), z.unknown()).superRefine((prices, context) => {
      const valid = Object.values(prices).every(
        (price) => typeof price === 'number' && Number.isFinite(price) && price >= 0,
      );
      if (!valid)
        context.addIssue({
          code: 'custom',
          message: 'tool prices',
          params: { message: 'pricing_tier.tool_prices' },
        });
    }),
    message: 'option.json_number_map',
  },
} as const satisfies Record<string, JsonShape>;

export const PRICING_TIER_OPTIONS: OptionDefinition[] = [
  json('billing_setting.billing_mode', {}, pricingTierShapes.billingMode),
  json('billing_setting.billing_expr', {}, pricingTierShapes.billingExpr),
  json('tool_price_setting.prices', {}, pricingTierShapes.toolPrices),
];
