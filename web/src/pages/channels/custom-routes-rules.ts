/**
 * The route editor of an Advanced Custom channel (type 58, CustomRoutesEditor.tsx): routes as the form edits
 * them (drafts) and back, written into the channel's `settings` JSON under `advanced_custom.advanced_routes`
 * as new-api stores them, the other keys of `settings` kept. What a route set may be is decided by the rules
 * of common/channel-types-custom.ts, which the server applies too.
 */
import {
  CONVERTER_NONE,
  CUSTOM_ROUTE_CONVERTERS,
  CUSTOM_ROUTE_INCOMING_PATHS,
  type CustomRoute,
  GEMINI_INCOMING_PATH,
  incomingRouteOf,
} from '../../../../common/channel-types-custom.ts';

/** How the key reaches the upstream: new-api's default Bearer token, none, or a header / query parameter. */
export type AuthChoice = 'default' | 'none' | 'header' | 'query';

export interface HeaderDraft {
  name: string;
  value: string;
}

/** One route as the form edits it. */
export interface RouteDraft {
  incomingPath: string;
  upstreamPath: string;
  method: string;
  converter: string;
  models: string[];
  auth: AuthChoice;
  authName: string;
  authValue: string;
  headers: HeaderDraft[];
  /** The request body template as JSON text ('' for none). */
  template: string;
}

/** The incoming paths the editor offers (any path may be typed; the rules say which are served). */
export const INCOMING_PATH_OPTIONS: readonly string[] = [
  ...Object.keys(CUSTOM_ROUTE_INCOMING_PATHS),
  GEMINI_INCOMING_PATH,
];

/** A new route: chat completions passed on to the same path under the channel's base URL. */
export function newRouteDraft(): RouteDraft {
  return {
    incomingPath: '/v1/chat/completions',
    upstreamPath: '/v1/chat/completions',
    method: '',
    converter: CONVERTER_NONE,
    models: [],
    auth: 'default',
    authName: '',
    authValue: '',
    headers: [],
    template: '',
  };
}

/** The converters that take what an incoming path receives, `none` first. */
export function converterOptions(incomingPath: string): string[] {
  const format = incomingRouteOf(incomingPath.trim())?.format;
  const matching = Object.entries(CUSTOM_ROUTE_CONVERTERS)
    .filter(([, conversion]) => conversion.from === format)
    .map(([id]) => id);
  return [CONVERTER_NONE, ...matching];
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function parseSettings(text: string): Record<string, unknown> | null {
  if (text.trim() === '') return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return isObject(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

function authChoiceOf(route: CustomRoute): AuthChoice {
  const type = route.auth?.type?.trim();
  return type === 'none' || type === 'header' || type === 'query' ? type : 'default';
}

function templateText(template: unknown): string {
  if (template === undefined || template === null) return '';
  // A template the operator left unparsable is kept as they wrote it.
  return typeof template === 'string' ? template : JSON.stringify(template, null, 2);
}

/** The drafts of a stored route. */
export function draftOfRoute(route: CustomRoute): RouteDraft {
  return {
    incomingPath: route.incoming_path ?? '',
    upstreamPath: route.upstream_path ?? '',
    method: route.method ?? '',
    converter: route.converter?.trim() || CONVERTER_NONE,
    models: (route.models ?? []).map(String),
    auth: authChoiceOf(route),
    authName: route.auth?.name ?? '',
    authValue: route.auth?.value ?? '',
    headers: Object.entries(isObject(route.headers) ? route.headers : {}).map(([name, value]) => ({
      name,
      value: String(value),
    })),
    template: templateText(route.request_body_template),
  };
}

/**
 * The drafts of a channel's `settings`, or null when the text is not a JSON object (the editor then leaves
 * it alone and says so). Parts of a stored route the editor does not show (a task, a response template)
 * are not kept: the rules refuse them.
 */
export function draftsFromSettings(text: string): RouteDraft[] | null {
  const settings = parseSettings(text);
  if (settings === null) return null;
  const custom = settings.advanced_custom;
  const routes = isObject(custom) && Array.isArray(custom.advanced_routes) ? custom.advanced_routes : [];
  return routes.filter(isObject).map((route) => draftOfRoute(route as CustomRoute));
}

/** The stored form of a draft: new-api's fields, empty ones left out. */
export function routeOfDraft(draft: RouteDraft): CustomRoute {
  const route: CustomRoute = {
    incoming_path: draft.incomingPath.trim(),
    upstream_path: draft.upstreamPath.trim(),
  };
  if (draft.method.trim() !== '') route.method = draft.method.trim().toUpperCase();
  if (draft.converter !== CONVERTER_NONE) route.converter = draft.converter;
  const models = draft.models.map((model) => model.trim()).filter(Boolean);
  if (models.length > 0) route.models = models;
  if (draft.auth !== 'default')
    route.auth =
      draft.auth === 'none'
        ? { type: 'none' }
        : { type: draft.auth, name: draft.authName.trim(), value: draft.authValue.trim() };
  if (draft.headers.length > 0)
    route.headers = Object.fromEntries(draft.headers.map((header) => [header.name.trim(), header.value]));
  const template = draft.template.trim();
  if (template !== '') {
    try {
      route.request_body_template = JSON.parse(template);
    } catch {
      // Kept as text: the rules refuse it (template_invalid) until it is JSON.
      route.request_body_template = template;
    }
  }
  return route;
}

/** `settings` with its routes replaced by the drafts, its other keys kept (unreadable text starts afresh). */
export function settingsWithDrafts(text: string, drafts: readonly RouteDraft[]): string {
  const settings = parseSettings(text) ?? {};
  const custom = isObject(settings.advanced_custom) ? settings.advanced_custom : {};
  const next = { ...settings, advanced_custom: { ...custom, advanced_routes: drafts.map(routeOfDraft) } };
  return JSON.stringify(next, null, 2);
}
