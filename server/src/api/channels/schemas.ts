/** Input shapes of the channel API. Numbers may arrive as strings from forms; JSON fields as text. */
import { z } from 'zod';
import { formId, formInteger } from '../form-input.ts';
import { limitsInput } from '../tokens/limits-fields.ts';

const optionalText = (max: number) => z.string().max(max).nullish();

export const channelFields = z.object({
  name: z.string().trim().max(255).optional(),
  type: formInteger.optional(),
  key: z.string().max(65_536).optional(),
  base_url: optionalText(512),
  other: optionalText(4096),
  models: z.string().max(65_536).optional(),
  group: z.string().max(255).optional(),
  groups: z.array(z.string().max(64)).optional(),
  model_mapping: optionalText(65_536),
  status_code_mapping: optionalText(1024),
  setting: optionalText(65_536),
  param_override: optionalText(65_536),
  header_override: optionalText(65_536),
  settings: optionalText(65_536),
  auto_ban: formInteger.optional(),
  test_model: optionalText(255),
  priority: formInteger.optional(),
  weight: formInteger.optional(),
  tag: optionalText(255),
  openai_organization: optionalText(255),
  max_input_tokens: formInteger.optional(),
  status: formInteger.optional(),
  /** The channel's caps and `key_limits` (each key of a multi-key channel); absent keeps them. */
  limits: limitsInput,
});

export type ChannelFields = z.infer<typeof channelFields>;

/** A multi-key channel's way of choosing a key (new-api's MultiKeyMode). */
const multiKeyMode = z.enum(['random', 'polling']);

/**
 * new-api's `{mode, channel}` body, or the channel fields directly (single mode). `multi_to_single` makes
 * one multi-key channel of the key lines, choosing them by `multi_key_mode`.
 */
export const createChannelInput = z.union([
  z.object({
    mode: z.enum(['single', 'batch', 'multi_to_single']),
    multi_key_mode: multiKeyMode.optional(),
    channel: channelFields,
  }),
  channelFields.extend({ mode: z.undefined().optional() }),
]);

/** An update; on a multi-key channel `multi_key_mode` changes the mode and `key_mode` appends keys or replaces them. */
export const updateChannelInput = channelFields.extend({
  id: formId,
  multi_key_mode: z.union([multiKeyMode, z.literal('')]).optional(),
  key_mode: z.enum(['append', 'replace']).optional(),
});

/** POST /api/channel/multi_key/manage (new-api's ManageMultiKeys). */
export const multiKeyManageInput = z.object({
  channel_id: formId,
  action: z.string().max(64),
  key_index: formInteger.optional(),
  page: formInteger.optional(),
  page_size: formInteger.optional(),
  status: formInteger.optional(),
});
