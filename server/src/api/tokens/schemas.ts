/** Input shapes of the token API. */
import { z } from 'zod';
import { formId, formInteger } from '../form-input.ts';
import { limitsInput } from './limits-fields.ts';

export const tokenFields = z.object({
  name: z.string().max(255).optional(),
  remain_quota: formInteger.optional(),
  expired_time: formInteger.optional(),
  unlimited_quota: z.boolean().optional(),
  model_limits_enabled: z.boolean().optional(),
  model_limits: z.string().max(65_536).optional(),
  allow_ips: z.string().max(65_536).nullish(),
  group: z.string().max(64).optional(),
  limits: limitsInput,
});

export const updateTokenInput = tokenFields.extend({
  id: formId,
  status: formInteger.optional(),
});

export const statusOnlyInput = z.object({
  id: formId,
  status: formInteger,
});
