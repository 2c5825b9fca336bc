/**
 * The server parts (adaptor, account queries) of the types in common/channel-types-agents.ts; joined into
 * the one registry by ./channel-types.ts.
 */
import type { ServerParts } from './channel-types.ts';
import { cozeAdaptor } from './providers/coze/index.ts';
import { replicateAdaptor } from './providers/replicate/index.ts';

export const AGENT_PLATFORM_SERVER_PARTS: Readonly<Record<number, ServerParts>> = {
  49: { adaptor: cozeAdaptor },
  56: { adaptor: replicateAdaptor },
};
