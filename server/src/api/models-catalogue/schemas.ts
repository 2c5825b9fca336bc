/** Console input of the model catalogue (new-api's field names; unknown fields are refused). */
import { z } from 'zod';
import { formId } from '../form-input.ts';

/** new-api's name rules: how a catalogue entry's model_name matches served models. */
export const NameRule = { exact: 0, prefix: 1, contains: 2, suffix: 3 } as const;

const optionalText = (max: number) => z.string().max(max).optional();

export const vendorInput = z.strictObject({
  id: formId.optional(),
  name: z.string().trim().min(1).max(128),
  description: z.string().max(65_535).optional(),
  icon: optionalText(128),
  status: z.union([z.literal(0), z.literal(1), z.literal(2)]).optional(),
  // Read-only fields the console sends back as it received them.
  model_count: z.unknown().optional(),
  created_time: z.unknown().optional(),
  updated_time: z.unknown().optional(),
});

const count = z.number().int().min(0).max(2_147_483_647);

/** `endpoints` is JSON text in new-api (an array of endpoint types or an object of endpoint → path). */
const endpointsText = z
  .string()
  .max(65_535)
  .refine((text) => {
    if (text.trim() === '') return true;
    try {
      const parsed: unknown = JSON.parse(text);
      return typeof parsed === 'object' && parsed !== null;
    } catch {
      return false;
    }
  }, 'endpoints must be JSON (an array or an object)');

export const modelInput = z.strictObject({
  id: formId.optional(),
  model_name: z.string().trim().min(1).max(128),
  description: z.string().max(65_535).optional(),
  icon: optionalText(128),
  tags: optionalText(255),
  vendor_id: z.number().int().min(0).optional(),
  endpoints: endpointsText.optional(),
  context_length: count.optional(),
  max_output_tokens: count.optional(),
  knowledge_cutoff: optionalText(32),
  release_date: optionalText(32),
  parameter_count: optionalText(32),
  input_modalities: optionalText(128),
  output_modalities: optionalText(128),
  status: z.union([z.literal(0), z.literal(1)]).optional(),
  sync_official: z.union([z.literal(0), z.literal(1)]).optional(),
  name_rule: z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]).optional(),
  // Read-only fields the console sends back as it received them.
  created_time: z.unknown().optional(),
  updated_time: z.unknown().optional(),
  bound_channels: z.unknown().optional(),
  enable_groups: z.unknown().optional(),
  quota_types: z.unknown().optional(),
  matched_models: z.unknown().optional(),
  matched_count: z.unknown().optional(),
});

export const modelStatusInput = z.strictObject({ id: formId, status: z.union([z.literal(0), z.literal(1)]) });

export type VendorInput = z.infer<typeof vendorInput>;
export type ModelInput = z.infer<typeof modelInput>;
