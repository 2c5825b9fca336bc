/**
 * The options of Stripe and Creem payments, in new-api's names and defaults, written with ./definitions.ts;
 * ./catalogue.ts lists them with every other option. StripeApiSecret, StripeWebhookSecret, CreemApiKey and
 * CreemWebhookSecret end in secret/key, so they are never sent to the console (./definitions.ts).
 * docs/reference/payments.md "Stripe and Creem" says what each does.
 */
import { z } from 'zod';
import { decimal, flag, json, number, type OptionDefinition, text } from './definitions.ts';
import type { JsonShape } from './json-shapes.ts';

/** One entry of CreemProducts, as new-api's console writes it. */
export const creemProductSchema = z
  .object({
    productId: z.string().min(1),
    name: z.string(),
    price: z.number().positive(),
    currency: z.string().min(3).max(8),
    quota: z.number().int().positive(),
  })
  .loose();
export type CreemProduct = z.infer<typeof creemProductSchema>;

const creemProducts: JsonShape = { schema: z.array(creemProductSchema), message: 'option.invalid_json' };

export const PAYMENT_OPTIONS: OptionDefinition[] = [
  text('StripeApiSecret'),
  text('StripeWebhookSecret'),
  text('StripePriceId'),
  number('StripeUnitPrice', 8, decimal()),
  number('StripeMinTopUp', 1),
  flag('StripePromotionCodesEnabled', false),
  text('CreemApiKey'),
  text('CreemWebhookSecret'),
  json('CreemProducts', [], creemProducts),
  flag('CreemTestMode', false),
];
