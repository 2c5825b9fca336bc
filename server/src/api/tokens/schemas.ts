/** Input shapes of the token API. */
import { z } from 'zod';

const integer = z.union([
  z.number().int(),
  z
    .string()
    .trim()
    .regex(/^-?\d+$/)
    .transform(Number),
]);

export const tokenFields = z.object({
  name: z.string().max(255).optional(),
  remain_quota: integer.optional(),
  expired_time: integer.optional(),
  unlimited_quota: z.boolean().optional(),
  model_limits_enabled: z.boolean().optional(),
  model_limits: z.string().max(65_536).optional(),
  allow_ips: z.string().max(65_536).nullish(),
  group: z.string().max(64).optional(),
});

export const updateTokenInput = tokenFields.extend({
  id: integer.pipe(z.number().int().positive()),
  status: integer.optional(),
});

export const statusOnlyInput = z.object({
  id: integer.pipe(z.number().int().positive()),
  status: integer,
});
