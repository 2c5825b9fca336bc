/**
 * The upstream request of an Advanced Custom route, as new-api's adaptor makes it
 * (relay/channel/advancedcustom): the upstream path under the channel's base URL (or a full URL), `{model}`
 * in it the upstream model; the key as `Authorization: Bearer` when the route names no auth, else in the
 * header or query parameter it names (`{api_key}` in the value), none for `none`; Claude's version and
 * betas when the route speaks Claude; a Gemini route's `:streamGenerateContent?alt=sse` for streams; then
 * the route's own headers, and its body template when it has one (./template.ts).
 */
import type { CachedChannel } from '../../cache/channel-cache.ts';
import { ANTHROPIC_VERSION, anthropicBetas } from '../claude/index.ts';
import { jsonPost } from '../json-request.ts';
import type { BuildRequestInput, UpstreamRequest } from '../types.ts';
import type { CompiledRoute } from './routes.ts';
import { renderBodyTemplate, renderText, type TemplateValues } from './template.ts';

/** A header value made from placeholders: what a client's text put in it cannot break the header's line. */
function headerValue(template: string, values: TemplateValues): string {
  return renderText(template, values).replace(/[\r\n]+/g, ' ');
}

/** The route's target URL, or null when a path needs a base URL the channel does not have. */
function targetUrl(route: CompiledRoute, channel: CachedChannel, values: TemplateValues): URL | null {
  const target = (route.route.upstream_path ?? '')
    .trim()
    .replaceAll('{model}', encodeURIComponent(values.model));
  const base = channel.baseUrl.trim().replace(/\/+$/, '');
  if (target.startsWith('/') && base === '') return null;
  try {
    return new URL(target.startsWith('/') ? `${base}${target}` : target);
  } catch {
    return null;
  }
}

/** Gemini streams are asked for at `:streamGenerateContent` with `alt=sse`. */
function asGeminiStream(url: URL): void {
  url.pathname = url.pathname.replace(':generateContent', ':streamGenerateContent');
  if (url.pathname.includes(':streamGenerateContent')) url.searchParams.set('alt', 'sse');
}

/** The key where the route puts it (new-api's default: a Bearer token). */
function applyAuth(route: CompiledRoute, url: URL, headers: Record<string, string>, values: TemplateValues) {
  const auth = route.route.auth;
  if (auth === undefined || auth === null) {
    headers.authorization = `Bearer ${values.apiKey}`;
    return;
  }
  const type = (auth.type ?? '').trim();
  const name = (auth.name ?? '').trim();
  if (type === 'header') headers[name.toLowerCase()] = headerValue(auth.value ?? '', values);
  else if (type === 'query') url.searchParams.set(name, renderText(auth.value ?? '', values));
}

export function buildRouteRequest(route: CompiledRoute, input: BuildRequestInput): UpstreamRequest | null {
  const { channel, body, upstreamModel, stream, clientHeaders } = input;
  const values: TemplateValues = { model: upstreamModel, apiKey: channel.key, stream, request: body };
  const url = targetUrl(route, channel, values);
  if (!url) return null;
  if (stream && route.upstreamFormat === 'gemini') asGeminiStream(url);
  const headers: Record<string, string> = {};
  applyAuth(route, url, headers, values);
  if (route.upstreamFormat === 'claude') {
    headers['anthropic-version'] = clientHeaders?.['anthropic-version'] || ANTHROPIC_VERSION;
    const betas = anthropicBetas(clientHeaders?.['anthropic-beta']);
    if (betas.length > 0) headers['anthropic-beta'] = betas.join(',');
  }
  // A Gemini body names no model (it is in the path).
  const upstreamBody =
    route.route.request_body_template !== undefined && route.route.request_body_template !== null
      ? renderBodyTemplate(route.route.request_body_template, values)
      : route.upstreamFormat === 'gemini'
        ? withoutModelAndStream(body)
        : body;
  const request = jsonPost(url.toString(), upstreamBody, stream, headers);
  // The route's headers last: they win over the credential and the JSON defaults.
  for (const [name, value] of Object.entries(route.route.headers ?? {}))
    request.headers[name.toLowerCase()] = headerValue(value, values);
  return request;
}

function withoutModelAndStream(body: Record<string, unknown>): Record<string, unknown> {
  const { model: _model, stream: _stream, ...content } = body;
  return content;
}
