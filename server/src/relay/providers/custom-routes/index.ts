/**
 * Advanced Custom (channel type 58): routes the operator defines in the channel's `settings`
 * (common/channel-types-custom.ts, docs/providers/custom-routes.md). A call takes the route of its
 * endpoint that serves its model; a conversation reaches the upstream in the format of the route's
 * converter — converted through the canonical model by the relay (server/src/relay/call/conversion.ts), as
 * every conversation is — and its reply is read in that format, usage and billing included.
 *
 * The routes are read once per cached channel (a channel reload makes new objects) and kept beside it.
 */
import type { ChannelWiring } from '../../channel-types.ts';
import type { ProviderAdaptor } from '../types.ts';
import { buildRouteRequest } from './request.ts';
import { ChannelRoutes } from './routes.ts';

const routesByChannel = new WeakMap<object, ChannelRoutes>();

/**
 * The channel's `settings` text (new-api's column). Read from the channel wiring when it carries the
 * column (server/src/relay/cache/channel-cache.ts), else there are no routes.
 */
function settingsOf(channel: ChannelWiring): string {
  return 'settings' in channel && typeof channel.settings === 'string' ? channel.settings : '';
}

/** A channel's routes, read once per channel object. */
export function routesOf(channel: ChannelWiring): ChannelRoutes {
  let routes = routesByChannel.get(channel);
  if (!routes) {
    routes = new ChannelRoutes(settingsOf(channel));
    routesByChannel.set(channel, routes);
  }
  return routes;
}

/** The adaptor of the type: every call finds its route on the channel it is given. */
export const customRoutesAdaptor: ProviderAdaptor = {
  name: 'advanced-custom',
  formats: ['openai-chat'],

  // OpenAI-compatible chat upstreams report a stream's usage when asked (new-api asks too).
  supportsStreamUsage: () => true,

  buildRequest(input) {
    const route = routesOf(input.channel).routeFor(input.endpoint, input.format, input.upstreamModel);
    return route ? buildRouteRequest(route, input) : null;
  },
};

const adaptorsByChannel = new WeakMap<object, ProviderAdaptor>();

/** A channel's adaptor: the type's, knowing which formats the channel's routes speak for each model. */
export function customRoutesChannelAdaptor(channel: ChannelWiring): ProviderAdaptor {
  let adaptor = adaptorsByChannel.get(channel);
  if (!adaptor) {
    const routes = routesOf(channel);
    adaptor = { ...customRoutesAdaptor, formatsFor: (model) => routes.formatsFor(model) };
    adaptorsByChannel.set(channel, adaptor);
  }
  return adaptor;
}
