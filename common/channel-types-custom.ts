/**
 * Channel types of new-api's current list that the specification does not have: Advanced Custom (58), whose
 * routes the operator defines. Entries in the shape of ./channel-type-facts.ts; ./channel-types.ts joins them
 * into the one registry.
 */
import type { ChannelTypeFacts } from './channel-type-facts.ts';

export const CUSTOM_ROUTE_TYPES: readonly ChannelTypeFacts[] = [];
