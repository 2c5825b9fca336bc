/**
 * An Advanced Custom channel's routes as the relay uses them: read once per cached channel from its
 * `settings` (common/channel-types-custom.ts), then per model the route that serves each incoming path —
 * new-api's rule: the first route of that path whose `models` match (exact names, `re:<pattern>`, or none
 * for every model). Routes the relay cannot serve (a stored channel new-api saved) are left unused.
 *
 * Models are the upstream model names (after the channel's model mapping): what the relay's format choice
 * and request building are given.
 */
import {
  CONVERTER_NONE,
  type CustomRoute,
  type CustomRouteEndpoint,
  type CustomRouteFormat,
  converterOf,
  incomingRouteOf,
  literalGeminiModel,
  MODEL_REGEX_PREFIX,
  readCustomRoutes,
  routeModels,
  routeProblem,
  upstreamFormatOf,
} from '../../../../../common/channel-types-custom.ts';

/** One servable route, its model rule made ready. */
export interface CompiledRoute {
  /** Its place among the channel's routes (0-based). */
  index: number;
  incomingPath: string;
  endpoint: CustomRouteEndpoint;
  /** Conversations: the format the upstream is spoken to in. */
  upstreamFormat: CustomRouteFormat | null;
  /** Converts the client's format (its converter is not `none`). */
  converts: boolean;
  route: CustomRoute;
  serves(model: string): boolean;
}

/** Distinct models remembered per channel (a channel serves the models it lists; this bounds the rest). */
const MAX_REMEMBERED_MODELS = 1024;

function modelRule(rule: string): (model: string) => boolean {
  if (!rule.startsWith(MODEL_REGEX_PREFIX)) return (model) => model === rule;
  try {
    const pattern = new RegExp(rule.slice(MODEL_REGEX_PREFIX.length));
    return (model) => pattern.test(model);
  } catch {
    return () => false;
  }
}

function compile(route: CustomRoute, index: number): CompiledRoute | null {
  if (routeProblem(route)) return null;
  const incomingPath = (route.incoming_path ?? '').trim();
  const incoming = incomingRouteOf(incomingPath);
  if (!incoming) return null;
  const rules = routeModels(route).map(modelRule);
  const literal = literalGeminiModel(incomingPath);
  return {
    index,
    incomingPath,
    endpoint: incoming.endpoint,
    upstreamFormat: upstreamFormatOf(route),
    converts: converterOf(route) !== CONVERTER_NONE,
    route,
    serves: (model) =>
      (literal === null || literal === model) && (rules.length === 0 || rules.some((rule) => rule(model))),
  };
}

/** The routes of one channel, and per model the routes that serve it. */
export class ChannelRoutes {
  readonly routes: readonly CompiledRoute[];
  private readonly perModel = new Map<string, readonly CompiledRoute[]>();

  constructor(settings: string) {
    const read = readCustomRoutes(settings);
    const routes = Array.isArray(read) ? read : [];
    this.routes = routes.flatMap((route, index) => compile(route, index) ?? []);
  }

  /** For each incoming path, the first route serving `model`, in the order of the routes. */
  servingModel(model: string): readonly CompiledRoute[] {
    const known = this.perModel.get(model);
    if (known) return known;
    const taken = new Set<string>();
    const serving = this.routes.filter((route) => {
      if (taken.has(route.incomingPath) || !route.serves(model)) return false;
      taken.add(route.incomingPath);
      return true;
    });
    if (this.perModel.size < MAX_REMEMBERED_MODELS) this.perModel.set(model, serving);
    return serving;
  }

  /**
   * The formats a model's conversations are spoken to the upstream in, preferred first: the one the
   * converting routes reach, then those the other routes pass through (the relay keeps a client's format
   * when it is listed and converts to the first otherwise — server/src/relay/call/conversion.ts).
   */
  formatsFor(model: string): CustomRouteFormat[] {
    const conversations = this.servingModel(model).filter((route) => route.upstreamFormat !== null);
    const ordered = [
      ...conversations.filter((route) => route.converts),
      ...conversations.filter((route) => !route.converts),
    ];
    return [...new Set(ordered.map((route) => route.upstreamFormat!))];
  }

  /** The route that serves a call: a conversation by the format it reaches, other endpoints by their path. */
  routeFor(endpoint: string, format: string | undefined, model: string): CompiledRoute | undefined {
    return this.servingModel(model).find((route) =>
      endpoint === 'chat'
        ? route.endpoint === 'chat' && route.upstreamFormat === (format ?? 'openai-chat')
        : route.endpoint === endpoint,
    );
  }
}
