/** Input shapes of the redemption-code API and of redeeming a code. */
import { z } from 'zod';

/** A number, or a numeric text as a form may send it; whole-number and range rules live in the service. */
const numeric = z.union([
  z.number(),
  z
    .string()
    .trim()
    .regex(/^-?\d+(\.\d+)?$/)
    .transform(Number),
]);

const id = z
  .union([z.number(), z.string().trim().regex(/^\d+$/).transform(Number)])
  .pipe(z.number().int().positive());

export const createRedemptionInput = z.object({
  name: z.string().max(255).optional(),
  quota: numeric,
  count: numeric.optional(),
});

export const updateRedemptionInput = z.object({
  id,
  name: z.string().max(255).optional(),
  quota: numeric.optional(),
});

export const redemptionStatusInput = z.object({
  id,
  status: numeric,
});

export const topUpInput = z.object({
  key: z.string().max(255).optional(),
});
