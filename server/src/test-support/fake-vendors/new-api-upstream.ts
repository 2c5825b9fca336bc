/**
 * A fake New API (or Sub2API) gateway as an upstream, written from new-api's published relay API: it takes
 * its own key as a Bearer token on every route — or, as new-api's key check also reads it, in `x-api-key` on
 * the Claude route and `x-goog-api-key` on the Gemini routes — and serves each format at its own path:
 * OpenAI's `/v1/chat/completions`, `/v1/completions`, `/v1/embeddings`, `/v1/images/generations` and
 * `GET /v1/models`, the Responses API at `/v1/responses`, Claude Messages at `/v1/messages` and Gemini at
 * `/v1beta/models/<model>:generateContent` / `:streamGenerateContent?alt=sse`. Like a real gateway it relays
 * each call, unchanged, to an upstream of that format (the fakes of ./, with their own keys) and streams the
 * answer back as it comes, so usage reaches the caller in the format's own reply.
 */
import type { ServerResponse } from 'node:http';
import { type FakeVendor, type RecordedVendorRequest, sendJson, startFakeVendor } from './http.ts';

/** Where the gateway relays each format, and the key each of those upstreams takes. */
export interface GatewayUpstreams {
  /** A fake OpenAI API (server/src/test-support/fake-upstream/), for the OpenAI routes. */
  openai: { url: string; key: string };
  responses: { url: string; key: string };
  claude: { url: string; key: string };
  gemini: { url: string; key: string };
}

type Route = 'openai' | 'responses' | 'claude' | 'gemini';

const OPENAI_PATHS = new Set([
  'POST /v1/chat/completions',
  'POST /v1/completions',
  'POST /v1/embeddings',
  'POST /v1/images/generations',
  'GET /v1/models',
]);

function routeOf(method: string, path: string): Route | null {
  const bare = path.split('?')[0] ?? path;
  if (OPENAI_PATHS.has(`${method} ${bare}`)) return 'openai';
  if (method !== 'POST') return null;
  if (bare === '/v1/responses') return 'responses';
  if (bare === '/v1/messages') return 'claude';
  if (/^\/v1beta\/models\/[^/:]+:(generateContent|streamGenerateContent)$/.test(bare)) return 'gemini';
  return null;
}

/** The key of a request as new-api's key check reads it for the route. */
function keyOf(request: RecordedVendorRequest, route: Route): string | undefined {
  const bearer = /^Bearer\s+(.+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
  if (bearer) return bearer;
  if (route === 'claude') return request.headers['x-api-key'] as string | undefined;
  if (route === 'gemini') return request.headers['x-goog-api-key'] as string | undefined;
  return undefined;
}

function credentials(route: Route, key: string, request: RecordedVendorRequest): Record<string, string> {
  switch (route) {
    case 'claude':
      return {
        'x-api-key': key,
        'anthropic-version': String(request.headers['anthropic-version'] ?? '2023-06-01'),
      };
    case 'gemini':
      return { 'x-goog-api-key': key };
    default:
      return { authorization: `Bearer ${key}` };
  }
}

async function relay(
  request: RecordedVendorRequest,
  response: ServerResponse,
  route: Route,
  upstreams: GatewayUpstreams,
): Promise<void> {
  const target = upstreams[route];
  const reply = await fetch(`${target.url}${request.path}`, {
    method: request.method,
    headers: {
      ...credentials(route, target.key, request),
      ...(request.method === 'POST' ? { 'content-type': 'application/json' } : {}),
    },
    ...(request.method === 'POST' ? { body: request.raw } : {}),
  });
  response.writeHead(reply.status, {
    'content-type': reply.headers.get('content-type') ?? 'application/json',
  });
  if (reply.body) for await (const chunk of reply.body) response.write(chunk);
  response.end();
}

/** Starts the fake gateway; its callers must present `key`. */
export function startFakeNewApi(key: string, upstreams: GatewayUpstreams): Promise<FakeVendor> {
  return startFakeVendor((request, response) => {
    const route = routeOf(request.method, request.path);
    if (!route) {
      sendJson(response, 404, {
        error: { message: `Invalid URL (${request.method} ${request.path})`, type: 'invalid_request_error' },
      });
      return;
    }
    if (keyOf(request, route) !== key) {
      sendJson(response, 401, { error: { message: '无效的令牌 (invalid token)', type: 'new_api_error' } });
      return;
    }
    return relay(request, response, route, upstreams);
  });
}
