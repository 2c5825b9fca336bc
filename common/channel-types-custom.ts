/**
 * Channel types of new-api's current list that the specification does not have: Advanced Custom (58), whose
 * routes the operator defines. Entries in the shape of ./channel-type-facts.ts; ./channel-types.ts joins them
 * into the one registry.
 *
 * A type-58 channel keeps its routes where new-api keeps them: in the channel's `settings` column (new-api's
 * ChannelOtherSettings), as `{"advanced_custom": {"advanced_routes": [route, …]}}`, each route with new-api's
 * field names. The rules below decide which route sets the relay serves; the server refuses the others when
 * a channel is saved and the console's route editor checks the same rules (docs/providers/custom-routes.md).
 */
import type { ChannelTypeFacts } from './channel-type-facts.ts';

export const CUSTOM_ROUTE_TYPE = 58;

export const CUSTOM_ROUTE_TYPES: readonly ChannelTypeFacts[] = [
  {
    id: CUSTOM_ROUTE_TYPE,
    name: 'Advanced Custom',
    // What its routes can serve; a channel serves what its own routes name (the others leave the call to
    // the next channel).
    serves: ['chat', 'embeddings', 'images', 'rerank'],
  },
];

/** The conversation formats, as the relay names them (server/src/relay/canonical/codec.ts WireFormat). */
export type CustomRouteFormat = 'openai-chat' | 'openai-responses' | 'claude' | 'gemini';

/** A route's credential: new-api's AdvancedCustomRouteAuth (`{api_key}` in `value` is the channel's key). */
export interface CustomRouteAuth {
  type?: string;
  name?: string;
  value?: string;
}

/** One route as new-api stores it (dto.AdvancedCustomRoute). */
export interface CustomRoute {
  incoming_path?: string;
  upstream_path?: string;
  method?: string;
  converter?: string;
  models?: string[];
  auth?: CustomRouteAuth;
  headers?: Record<string, string>;
  request_body_template?: unknown;
  response_body_template?: unknown;
  task?: unknown;
}

/** new-api's converter ids, each with the incoming format it takes and the upstream format it makes. */
export const CUSTOM_ROUTE_CONVERTERS: Readonly<
  Record<string, { from: CustomRouteFormat; to: CustomRouteFormat }>
> = {
  anthropic_messages_to_openai_chat_completions: { from: 'claude', to: 'openai-chat' },
  openai_chat_completions_to_anthropic_messages: { from: 'openai-chat', to: 'claude' },
  openai_chat_completions_to_openai_responses: { from: 'openai-chat', to: 'openai-responses' },
  openai_responses_to_openai_chat_completions: { from: 'openai-responses', to: 'openai-chat' },
  openai_responses_to_gemini_generate_content: { from: 'openai-responses', to: 'gemini' },
  gemini_generate_content_to_openai_chat_completions: { from: 'gemini', to: 'openai-chat' },
  openai_chat_completions_to_gemini_generate_content: { from: 'openai-chat', to: 'gemini' },
};

export const CONVERTER_NONE = 'none';

/** The fixed incoming paths the relay serves through a route, and what each is. */
export const CUSTOM_ROUTE_INCOMING_PATHS = {
  '/v1/chat/completions': { endpoint: 'chat', format: 'openai-chat' },
  '/v1/responses': { endpoint: 'chat', format: 'openai-responses' },
  '/v1/messages': { endpoint: 'chat', format: 'claude' },
  '/v1/embeddings': { endpoint: 'embeddings' },
  '/v1/images/generations': { endpoint: 'images' },
  '/v1/rerank': { endpoint: 'rerank' },
} as const satisfies Record<string, IncomingRoute>;

/** Gemini's route, with `{model}` for the model (a literal model name serves that model only). */
export const GEMINI_INCOMING_PATH = '/v1beta/models/{model}:generateContent';

export type CustomRouteEndpoint = 'chat' | 'embeddings' | 'images' | 'rerank';

export interface IncomingRoute {
  endpoint: CustomRouteEndpoint;
  /** For conversations: the client format the path receives. */
  format?: CustomRouteFormat;
}

const GEMINI_PATH = /^\/v1beta\/models\/([^/]+):(?:generateContent|streamGenerateContent)$/;

/** What an incoming path is, or null for a path the relay does not serve through a route. */
export function incomingRouteOf(path: string): IncomingRoute | null {
  const fixed = (CUSTOM_ROUTE_INCOMING_PATHS as Record<string, IncomingRoute>)[path];
  if (fixed) return fixed;
  return GEMINI_PATH.test(path) ? { endpoint: 'chat', format: 'gemini' } : null;
}

/** The model a Gemini incoming path names literally, or null (`{model}`, or not a Gemini path). */
export function literalGeminiModel(path: string): string | null {
  const model = GEMINI_PATH.exec(path)?.[1];
  return model === undefined || model === '{model}' ? null : decodeURIComponent(model);
}

/** The converter of a route, `none` when it names none. */
export function converterOf(route: CustomRoute): string {
  return route.converter?.trim() || CONVERTER_NONE;
}

/** The format a conversation route speaks upstream: its converter's output, else its incoming format. */
export function upstreamFormatOf(route: CustomRoute): CustomRouteFormat | null {
  const incoming = incomingRouteOf(route.incoming_path?.trim() ?? '');
  if (!incoming?.format) return null;
  return CUSTOM_ROUTE_CONVERTERS[converterOf(route)]?.to ?? incoming.format;
}

/** The route's models without blanks (empty: every model). */
export function routeModels(route: CustomRoute): string[] {
  return (route.models ?? []).map((model) => String(model).trim()).filter((model) => model !== '');
}

export const MODEL_REGEX_PREFIX = 're:';

/** The methods a route may send with (every route carries a JSON body). */
export const CUSTOM_ROUTE_METHODS = ['POST'] as const;

/** Why a route set cannot be served: a code (the console's `customRoutes.problem.<code>`) and its details. */
export interface CustomRouteProblem {
  code: CustomRouteProblemCode;
  /** The route's index (0-based), when one route is at fault. */
  route?: number;
  /** The other route of a conflict. */
  other?: number;
  /** The offending value (a path, a converter, a header name, a model). */
  value?: string;
}

export type CustomRouteProblemCode =
  | 'settings_invalid'
  | 'routes_required'
  | 'route_invalid'
  | 'incoming_path_required'
  | 'incoming_path_invalid'
  | 'incoming_path_unsupported'
  | 'upstream_path_required'
  | 'upstream_path_invalid'
  | 'method_unsupported'
  | 'converter_unknown'
  | 'converter_mismatch'
  | 'template_with_converter'
  | 'template_invalid'
  | 'response_template_unsupported'
  | 'task_unsupported'
  | 'auth_type_invalid'
  | 'auth_name_required'
  | 'auth_value_required'
  | 'auth_invalid'
  | 'header_invalid'
  | 'header_forbidden'
  | 'models_catch_all_twice'
  | 'models_catch_all_not_last'
  | 'models_duplicate'
  | 'models_regex_invalid'
  | 'formats_conflict'
  | 'upstream_conflict';

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The routes of a channel's `settings` text, or the problem with it (empty text: no routes). */
export function readCustomRoutes(settings: string): CustomRoute[] | CustomRouteProblem {
  const text = settings.trim();
  if (text === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { code: 'settings_invalid' };
  }
  if (!isObject(parsed)) return { code: 'settings_invalid' };
  const custom = parsed.advanced_custom;
  if (custom === undefined || custom === null) return [];
  const routes = isObject(custom) ? custom.advanced_routes : undefined;
  if (routes === undefined || routes === null) return [];
  if (!Array.isArray(routes)) return { code: 'settings_invalid' };
  const index = routes.findIndex((route) => !isObject(route));
  if (index >= 0) return { code: 'route_invalid', route: index };
  return routes as CustomRoute[];
}

/**
 * Why the routes of a type-58 channel's `settings` cannot be served, or null. new-api's save-time rules
 * (dto.AdvancedCustomConfig.Validate), and what the relay adds: the incoming paths, methods and parts it
 * serves, and that one model meets one upstream format (the conversion core converts a conversation to
 * one format per model; see docs/providers/custom-routes.md).
 */
export function customRoutesProblem(settings: string): CustomRouteProblem | null {
  const routes = readCustomRoutes(settings);
  if (!Array.isArray(routes)) return routes;
  if (routes.length === 0) return { code: 'routes_required' };
  for (const [index, route] of routes.entries()) {
    const problem = routeProblem(route);
    if (problem) return { ...problem, route: index };
  }
  return modelsProblem(routes) ?? conflictProblem(routes);
}

/** Why one route cannot be served (the relay leaves such a route of a stored channel unused), or null. */
export function routeProblem(route: CustomRoute): Omit<CustomRouteProblem, 'route'> | null {
  const incoming = typeof route.incoming_path === 'string' ? route.incoming_path.trim() : '';
  if (incoming === '') return { code: 'incoming_path_required' };
  if (!incoming.startsWith('/') || incoming.includes('?')) return { code: 'incoming_path_invalid' };
  const served = incomingRouteOf(incoming);
  if (!served) return { code: 'incoming_path_unsupported', value: incoming };
  if (route.task !== undefined && route.task !== null) return { code: 'task_unsupported' };
  const upstream = typeof route.upstream_path === 'string' ? route.upstream_path.trim() : '';
  if (upstream === '') return { code: 'upstream_path_required' };
  if (!isUpstreamTarget(upstream)) return { code: 'upstream_path_invalid' };
  const method = (route.method ?? '').trim().toUpperCase();
  if (method !== '' && !(CUSTOM_ROUTE_METHODS as readonly string[]).includes(method))
    return { code: 'method_unsupported', value: route.method ?? '' };
  const converter = converterOf(route);
  const conversion = CUSTOM_ROUTE_CONVERTERS[converter];
  if (converter !== CONVERTER_NONE && !conversion) return { code: 'converter_unknown', value: converter };
  if (conversion && conversion.from !== served.format)
    return { code: 'converter_mismatch', value: converter };
  const template = route.request_body_template;
  if (template !== undefined && template !== null) {
    if (conversion) return { code: 'template_with_converter' };
    if (!isObject(template)) return { code: 'template_invalid' };
  }
  if (route.response_body_template !== undefined && route.response_body_template !== null)
    return { code: 'response_template_unsupported' };
  return authProblem(route.auth) ?? headersProblem(route.headers);
}

function isUpstreamTarget(target: string): boolean {
  if (target.startsWith('/')) return !target.startsWith('//');
  try {
    const url = new URL(target.replaceAll('{model}', 'model'));
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

const LINE_BREAK = /[\r\n]/;
/** RFC 9110's token characters: what a header name may hold. */
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function authProblem(auth: CustomRouteAuth | undefined): Omit<CustomRouteProblem, 'route'> | null {
  if (auth === undefined || auth === null) return null;
  const type = (auth.type ?? '').trim();
  if (type === 'none') return null;
  if (type !== 'header' && type !== 'query') return { code: 'auth_type_invalid', value: type };
  const name = (auth.name ?? '').trim();
  const value = (auth.value ?? '').trim();
  if (name === '') return { code: 'auth_name_required' };
  if (value === '') return { code: 'auth_value_required' };
  if (LINE_BREAK.test(name) || LINE_BREAK.test(value) || (type === 'header' && name.includes(':')))
    return { code: 'auth_invalid' };
  return null;
}

function headersProblem(headers: unknown): Omit<CustomRouteProblem, 'route'> | null {
  if (headers === undefined || headers === null) return null;
  if (!isObject(headers)) return { code: 'header_invalid', value: '' };
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME.test(name) || typeof value !== 'string' || LINE_BREAK.test(value))
      return { code: 'header_invalid', value: name };
  }
  return null;
}

/** new-api's rules on `models` per incoming path: one catch-all, last; no model twice; valid patterns. */
function modelsProblem(routes: readonly CustomRoute[]): CustomRouteProblem | null {
  const seen = new Map<string, { catchAll: boolean; models: Set<string> }>();
  for (const [index, route] of routes.entries()) {
    const path = (route.incoming_path ?? '').trim();
    const state = seen.get(path) ?? { catchAll: false, models: new Set<string>() };
    seen.set(path, state);
    const models = routeModels(route);
    if (models.length === 0) {
      if (state.catchAll) return { code: 'models_catch_all_twice', route: index, value: path };
      state.catchAll = true;
      continue;
    }
    if (state.catchAll) return { code: 'models_catch_all_not_last', route: index, value: path };
    for (const model of models) {
      if (state.models.has(model)) return { code: 'models_duplicate', route: index, value: model };
      state.models.add(model);
      if (model.startsWith(MODEL_REGEX_PREFIX) && !validPattern(model.slice(MODEL_REGEX_PREFIX.length)))
        return { code: 'models_regex_invalid', route: index, value: model };
    }
  }
  return null;
}

function validPattern(pattern: string): boolean {
  if (pattern === '') return false;
  try {
    new RegExp(pattern);
    return true;
  } catch {
    return false;
  }
}

/** Whether two routes may serve one model: conservatively, unless both list exact, disjoint names. */
function mayShareModels(first: CustomRoute, second: CustomRoute): boolean {
  const a = modelSetOf(first);
  const b = modelSetOf(second);
  if (a === null || b === null) return true;
  return [...a].some((model) => b.has(model));
}

/** A route's exact model names, or null when it may serve any (catch-all, a pattern, `{model}` in Gemini). */
function modelSetOf(route: CustomRoute): Set<string> | null {
  const literal = literalGeminiModel((route.incoming_path ?? '').trim());
  const models = routeModels(route);
  if (literal !== null && models.length === 0) return new Set([literal]);
  if (models.length === 0 || models.some((model) => model.startsWith(MODEL_REGEX_PREFIX))) return null;
  return new Set(literal === null ? models : models.filter((model) => model === literal));
}

/** What a conversation route sends upstream, as one comparable text. */
function upstreamRequestOf(route: CustomRoute): string {
  return JSON.stringify([
    (route.upstream_path ?? '').trim(),
    (route.method ?? '').trim().toUpperCase() || 'POST',
    route.auth === undefined || route.auth === null
      ? null
      : [(route.auth.type ?? '').trim(), (route.auth.name ?? '').trim(), (route.auth.value ?? '').trim()],
    Object.entries(route.headers ?? {}).sort(([a], [b]) => a.localeCompare(b)),
    route.request_body_template ?? null,
  ]);
}

/**
 * Conversation routes of different incoming paths that may serve one model: their conversions must reach
 * one upstream format, and routes that reach the same format must send the same request.
 */
function conflictProblem(routes: readonly CustomRoute[]): CustomRouteProblem | null {
  const conversations = routes
    .map((route, index) => ({ route, index, target: upstreamFormatOf(route) }))
    .filter((entry) => entry.target !== null);
  for (const [position, first] of conversations.entries()) {
    for (const second of conversations.slice(position + 1)) {
      const firstPath = (first.route.incoming_path ?? '').trim();
      const secondPath = (second.route.incoming_path ?? '').trim();
      if (firstPath === secondPath || !mayShareModels(first.route, second.route)) continue;
      const bothConvert =
        converterOf(first.route) !== CONVERTER_NONE && converterOf(second.route) !== CONVERTER_NONE;
      if (bothConvert && first.target !== second.target)
        return { code: 'formats_conflict', route: second.index, other: first.index };
      if (
        first.target === second.target &&
        upstreamRequestOf(first.route) !== upstreamRequestOf(second.route)
      )
        return { code: 'upstream_conflict', route: second.index, other: first.index };
    }
  }
  return null;
}
