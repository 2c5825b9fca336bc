/**
 * The server parts (adaptor, account queries) of the types in common/channel-types-custom.ts; joined into
 * the one registry by ./channel-types.ts.
 */
import type { ServerParts } from './channel-types.ts';

export const CUSTOM_ROUTE_SERVER_PARTS: Readonly<Record<number, ServerParts>> = {};
