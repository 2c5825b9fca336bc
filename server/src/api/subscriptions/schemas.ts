/** Input shapes of the subscription API (docs/subscriptions.md); the rules with their own messages live in ./plans.ts. */
import { z } from 'zod';

const id = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().positive());

/** A number, or a numeric text as a form may send it. */
const numeric = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

export const planInput = z.object({
  plan: z.object({
    title: z.string().optional().default(''),
    subtitle: z.string().max(255).optional().default(''),
    price_amount: numeric.optional().default(0),
    currency: z.string().trim().max(8).optional().default(''),
    duration_unit: z.string().trim().max(16).optional().default(''),
    duration_value: numeric.optional().default(0),
    custom_seconds: numeric.optional().default(0),
    enabled: z.boolean().optional().default(true),
    sort_order: numeric.pipe(z.number().int().min(-1_000_000).max(1_000_000)).optional().default(0),
    stripe_price_id: z.string().trim().max(128).optional().default(''),
    creem_product_id: z.string().trim().max(128).optional().default(''),
  }),
  items: z
    .array(
      z.object({
        model_name: z.string().optional().default(''),
        quota_type: z
          .union([z.literal(0), z.literal(1)])
          .optional()
          .default(0),
        amount_total: numeric.optional().default(0),
      }),
    )
    .max(200)
    .optional()
    .default([]),
});
export type PlanInput = z.infer<typeof planInput>;

export const planIdInput = z.object({ plan_id: id });
export const bindInput = z.object({ user_id: id, plan_id: id });
