/**
 * The adaptor lookups under their former address, for the modules that still import them from here
 * (server/src/relay/cache/channel-cache.ts, server/src/relay/pipeline.ts and some tests). The registry
 * itself is server/src/relay/channel-types.ts; new code imports it from there.
 */
export { adaptorFor, adaptorForChannel, isServedChannelType } from '../channel-types.ts';
