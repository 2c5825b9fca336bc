/**
 * The server parts (adaptor, account queries) of the types in common/channel-types-custom.ts; joined into
 * the one registry by ./channel-types.ts.
 */
import {
  CUSTOM_ROUTE_TYPE,
  customRoutesProblem,
  describeCustomRouteProblem,
  readCustomRoutes,
} from '../../../common/channel-types-custom.ts';
import { headerOverrideProblem } from './cache/header-override.ts';
import type { ServerParts } from './channel-types.ts';
import { customRoutesAdaptor, customRoutesChannelAdaptor } from './providers/custom-routes/index.ts';

export const CUSTOM_ROUTE_SERVER_PARTS: Readonly<Record<number, ServerParts>> = {
  // The routes are the channel's own: its adaptor knows which formats they speak.
  [CUSTOM_ROUTE_TYPE]: { adaptor: customRoutesAdaptor, channelAdaptor: customRoutesChannelAdaptor },
};

/**
 * Why a channel's `settings` (new-api's column) cannot be saved for its type, in words, or null: for an
 * Advanced Custom channel, a route set the relay cannot serve (common/channel-types-custom.ts), or a route
 * header the HTTP connection owns (the rule of header_override: ./cache/header-override.ts).
 */
export function channelSettingsProblem(type: number, settings: string): string | null {
  if (type !== CUSTOM_ROUTE_TYPE) return null;
  const problem = customRoutesProblem(settings);
  if (problem) return describeCustomRouteProblem(problem);
  const routes = readCustomRoutes(settings);
  for (const [index, route] of (Array.isArray(routes) ? routes : []).entries()) {
    const headers = headerOverrideProblem(JSON.stringify(route.headers ?? {}));
    if (headers && 'header' in headers)
      return describeCustomRouteProblem({ code: 'header_forbidden', route: index, value: headers.header });
  }
  return null;
}
