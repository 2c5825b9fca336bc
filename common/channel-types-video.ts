/**
 * Channel types of new-api's current list that the specification does not have: the video task platforms
 * new-api added (Kling, Jimeng, Vidu, Doubao video, Sora), with ids, names and model lists as in new-api's
 * `constant/channel.go` and task adaptors. Each serves its own task platform (docs/tasks.md, "Video
 * platforms"); Sora serves OpenAI's video API. Entries in the shape of ./channel-type-facts.ts;
 * ./channel-types.ts joins them into the one registry.
 */
import type { ChannelTypeFacts } from './channel-type-facts.ts';

export const KLING_MODELS = [
  'kling-v1',
  'kling-v1-6',
  'kling-v2-master',
  'kling-v2-1-master',
  'kling-v2-5-turbo',
  'kling-v2-6',
] as const;

export const JIMENG_MODELS = ['jimeng_vgfm_t2v_l20', 'jimeng_vgfm_i2v_l20'] as const;

export const VIDU_MODELS = ['viduq1', 'vidu2.0', 'vidu1.5'] as const;

export const DOUBAO_VIDEO_MODELS = [
  'doubao-seedance-1-0-pro-250528',
  'doubao-seedance-1-0-lite-t2v',
  'doubao-seedance-1-0-lite-i2v',
] as const;

export const SORA_MODELS = ['sora-2', 'sora-2-pro'] as const;

export const VIDEO_PLATFORM_TYPES: readonly ChannelTypeFacts[] = [
  { id: 50, name: 'Kling', serves: ['kling'], models: KLING_MODELS },
  { id: 51, name: 'Jimeng', serves: ['jimeng'], models: JIMENG_MODELS },
  { id: 52, name: 'Vidu', serves: ['vidu'], models: VIDU_MODELS },
  { id: 54, name: 'DoubaoVideo', serves: ['doubao-video'], models: DOUBAO_VIDEO_MODELS },
  { id: 55, name: 'Sora', serves: ['videos'], models: SORA_MODELS },
];
