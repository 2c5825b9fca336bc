/**
 * The server parts (adaptor, account queries) of the types in common/channel-types-custom.ts; joined into
 * the one registry by ./channel-types.ts.
 */
import {
  CUSTOM_ROUTE_INCOMING_PATHS,
  CUSTOM_ROUTE_TYPE,
  type CustomRouteProblem,
  type CustomRouteProblemCode,
  customRoutesProblem,
  GEMINI_INCOMING_PATH,
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
    if (headers?.code === 'forbidden')
      return describeCustomRouteProblem({ code: 'header_forbidden', route: index, value: headers.header });
  }
  return null;
}

/** English texts of the route-set problems (the console has its own, in zh and en: web/src/i18n/parts/custom-routes.*.json). */
const PROBLEM_TEXTS: Readonly<Record<CustomRouteProblemCode, string>> = {
  settings_invalid: 'settings must be a JSON object',
  routes_required: 'advanced_custom.advanced_routes needs at least one route',
  route_invalid: 'the route must be a JSON object',
  incoming_path_required: 'incoming_path is required',
  incoming_path_invalid: 'incoming_path must start with / and carry no query',
  incoming_path_unsupported: `incoming_path {value} is not relayed through a route (served: ${[
    ...Object.keys(CUSTOM_ROUTE_INCOMING_PATHS),
    GEMINI_INCOMING_PATH,
  ].join(', ')})`,
  upstream_path_required: 'upstream_path is required',
  upstream_path_invalid: 'upstream_path must be a full http(s) URL or a path starting with /',
  method_unsupported: 'method {value} is not served: routes send their JSON body with POST',
  converter_unknown: 'converter {value} is not one of new-api’s converters',
  converter_mismatch: 'converter {value} does not take what incoming_path receives',
  template_with_converter: 'converter must be none for a route with a request_body_template',
  template_invalid: 'request_body_template must be a JSON object',
  response_template_unsupported:
    'response_body_template is not served: the upstream must answer in the format the route speaks',
  task_unsupported: 'task routes are not served: tasks go through the task platforms (docs/tasks.md)',
  auth_type_invalid: 'auth.type {value} is not none, header or query',
  auth_name_required: 'auth.name is required',
  auth_value_required: 'auth.value is required',
  auth_invalid: 'auth name or value holds a line break (or a header name holds a colon)',
  header_invalid: 'header {value} is not a valid header name, or its value is not text on one line',
  header_forbidden: 'header {value} belongs to the HTTP connection and cannot be set',
  models_catch_all_twice: 'a second route for {value} with every model (models empty)',
  models_catch_all_not_last: 'a route for {value} after the one with every model would never be used',
  models_duplicate: 'model {value} is already routed for this incoming_path',
  models_regex_invalid: 'models rule {value} is not a valid regular expression',
  formats_conflict:
    'this route and route #{other} convert to different upstream formats for the same models: one model is spoken to in one format, so give them different models or the same target format',
  upstream_conflict:
    'this route and route #{other} reach the same upstream format for the same models with different upstream requests (path, method, auth, headers or template): make them the same or give them different models',
};

/** The problem in words (English), naming the route as the console numbers it (from 1). */
export function describeCustomRouteProblem(problem: CustomRouteProblem): string {
  const text = PROBLEM_TEXTS[problem.code]
    .replaceAll('{value}', problem.value ?? '')
    .replaceAll('{other}', String((problem.other ?? 0) + 1));
  return problem.route === undefined ? text : `advanced_routes #${problem.route + 1}: ${text}`;
}
