/**
 * Channel types of new-api's current list that the specification does not have: the agent and prediction platforms new-api added (Coze, Replicate).
 * Entries in the shape of ./channel-type-facts.ts; ./channel-types.ts joins them into the one registry.
 */
import type { ChannelTypeFacts } from './channel-type-facts.ts';

/** The models new-api's Coze adaptor offers (names of the models a Coze bot may run on). */
export const COZE_MODELS = [
  'moonshot-v1-8k',
  'moonshot-v1-32k',
  'moonshot-v1-128k',
  'Baichuan4',
  'abab6.5s-chat-pro',
  'glm-4-0520',
  'qwen-max',
  'deepseek-r1',
  'deepseek-v3',
  'deepseek-r1-distill-qwen-32b',
  'deepseek-r1-distill-qwen-7b',
  'step-1v-8k',
  'step-1.5v-mini',
  'Doubao-pro-32k',
  'Doubao-pro-256k',
  'Doubao-lite-128k',
  'Doubao-lite-32k',
  'Doubao-vision-lite-32k',
  'Doubao-vision-pro-32k',
  'Doubao-1.5-pro-vision-32k',
  'Doubao-1.5-lite-32k',
  'Doubao-1.5-pro-32k',
  'Doubao-1.5-thinking-pro',
  'Doubao-1.5-pro-256k',
] as const;

/** The models new-api's Replicate adaptor offers (its default image model). */
export const REPLICATE_MODELS = ['black-forest-labs/flux-1.1-pro'] as const;

export const AGENT_PLATFORM_TYPES: readonly ChannelTypeFacts[] = [
  // The bot id is the channel's `other` field, as new-api keeps it (server/src/relay/providers/coze/).
  // The bot id in `other`, as new-api stores it (server/src/relay/providers/coze/).
  { id: 49, name: 'Coze', serves: ['chat'], form: { other: { kind: 'cozeBot' } }, models: COZE_MODELS },
  // Images only, as new-api's adaptor (server/src/relay/providers/replicate/).
  { id: 56, name: 'Replicate', serves: ['images'], models: REPLICATE_MODELS },
];
