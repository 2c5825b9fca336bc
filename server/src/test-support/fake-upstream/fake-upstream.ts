/**
 * A fake OpenAI-compatible upstream for integration tests and the benchmark: its own node:http
 * server on 127.0.0.1 (random port) speaking the OpenAI wire format, with switchable failures
 * (status codes, latency, slow, dropped, stalled or hanging streams) and a record of every request
 * it received (path, headers — keys included — and body).
 */

import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { setTimeout as sleep } from 'node:timers/promises';
import { listenOnLoopback } from '../loopback.ts';
import {
  checkBehavior,
  type FakeBehavior,
  parseBehaviorHeader,
  type ResolvedBehavior,
  resolveBehavior,
} from './behavior.ts';
import { defaultErrorBody, INVALID_API_KEY_BODY, invalidUrlBody } from './error-replies.ts';
import {
  billingSubscription,
  billingUsage,
  chatCompletions,
  completions,
  embeddings,
  type HandlerContext,
  listModels,
  moderations,
  type RecordedRequest,
  type RouteHandler,
  sendJson,
} from './handlers.ts';
import {
  imageEdits,
  imageGenerations,
  imageVariations,
  rerank,
  speech,
  transcriptions,
  translations,
} from './media-handlers.ts';
import { parseMultipart } from './multipart-body.ts';
import type { JsonObject } from './replies.ts';

export type { FakeBehavior } from './behavior.ts';
export type { RecordedRequest } from './handlers.ts';

export interface FakeUpstreamOptions {
  /** The starting behaviour; reset() returns to it. */
  behavior?: FakeBehavior;
  /** Requests kept in `requests`, oldest dropped first (default 1000; 0 keeps none, for benchmarks). */
  maxRecordedRequests?: number;
}

export interface FakeUpstream {
  /** Base URL without /v1, e.g. http://127.0.0.1:41234 (what a channel's base_url holds). */
  url: string;
  /** Requests received, oldest first. Cleared in place by reset(). */
  readonly requests: RecordedRequest[];
  /** Merges a patch into the global behaviour (a field set to undefined returns to the default). */
  setBehavior(patch: FakeBehavior): void;
  /** A behaviour for requests made with this key only; undefined removes it. */
  setBehaviorForKey(apiKey: string, patch: FakeBehavior | undefined): void;
  /** Forgets recorded requests and every behaviour change. */
  reset(): void;
  /** Closes the server, cutting open (hanging or streaming) connections. */
  close(): Promise<void>;
}

export const FAKE_BEHAVIOR_HEADER = 'x-fake-behavior';

const MAX_BODY_BYTES = 64 * 1024 * 1024;

const ROUTES: Record<string, RouteHandler> = {
  'POST /v1/chat/completions': chatCompletions,
  'POST /v1/completions': completions,
  'POST /v1/embeddings': embeddings,
  'POST /v1/moderations': moderations,
  'POST /v1/images/generations': imageGenerations,
  'POST /v1/audio/speech': speech,
  'POST /v1/rerank': rerank,
  'POST /v1/audio/transcriptions': transcriptions,
  'POST /v1/audio/translations': translations,
  'POST /v1/images/edits': imageEdits,
  'POST /v1/images/variations': imageVariations,
  'GET /v1/models': listModels,
  'GET /v1/dashboard/billing/subscription': billingSubscription,
  'GET /v1/dashboard/billing/usage': billingUsage,
};

const AZURE_ROUTES: Record<string, RouteHandler> = {
  'chat/completions': chatCompletions,
  completions,
  embeddings,
};

const AZURE_PATH = /^\/openai\/deployments\/([^/]+)\/(chat\/completions|completions|embeddings)$/;

interface Route {
  handler: RouteHandler;
  deployment?: string;
}

/**
 * Where OpenAI-compatible providers put the OpenAI API (their documented paths): the same replies are
 * served there, so a test can check that a channel type reaches its provider's path.
 */
const PROVIDER_PATHS: [RegExp, string][] = [
  [/^\/compatible-mode(\/v1\/(?:chat\/completions|embeddings))$/, 'Alibaba DashScope'],
  [/^\/api\/paas\/v4(\/(?:chat\/completions|embeddings|images\/generations))$/, 'Zhipu v4'],
  [/^\/compatibility\/v1(\/(?:chat\/completions|embeddings))$/, 'Cohere compatibility API'],
  [/^\/v2(\/rerank)$/, 'Cohere v2'],
  [/^\/v1\/text\/chatcompletion_v2$/, 'MiniMax'],
  [/^\/client\/v4\/accounts\/[^/]+\/ai\/v1(\/(?:chat\/completions|embeddings))$/, 'Cloudflare Workers AI'],
  [/^\/api\/v3(?:\/bots)?(\/(?:chat\/completions|embeddings|images\/generations))$/, 'Volcengine Ark'],
  [/^\/v2(\/(?:chat\/completions|embeddings))$/, 'Baidu Qianfan v2'],
];

function providerPath(path: string): string | undefined {
  for (const [pattern] of PROVIDER_PATHS) {
    const match = pattern.exec(path);
    if (match) return match[1] === undefined ? '/chat/completions' : match[1];
  }
  return undefined;
}

function findRoute(method: string, path: string): Route | undefined {
  const handler = ROUTES[`${method} ${path}`];
  if (handler !== undefined) return { handler };
  const provider = method === 'POST' ? providerPath(path) : undefined;
  if (provider !== undefined) {
    const openAiPath = provider.startsWith('/v1/') ? provider : `/v1${provider}`;
    const routed = ROUTES[`POST ${openAiPath}`];
    if (routed !== undefined) return { handler: routed };
  }
  const azure = method === 'POST' ? AZURE_PATH.exec(path) : null;
  if (azure === null) return undefined;
  return { handler: AZURE_ROUTES[azure[2]!]!, deployment: decodeURIComponent(azure[1]!) };
}

function apiKeyOf(request: IncomingMessage): string | undefined {
  const authorization = request.headers.authorization;
  if (authorization !== undefined) {
    const match = /^Bearer\s+(.+)$/i.exec(authorization);
    return match ? match[1]!.trim() : authorization;
  }
  const apiKey = request.headers['api-key'];
  return typeof apiKey === 'string' ? apiKey : undefined;
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

function isAbort(error: unknown): boolean {
  return error instanceof Error && error.name === 'AbortError';
}

const INVALID_JSON_MESSAGE =
  "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library " +
  'correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)';

function sendInvalidRequest(response: ServerResponse, message: string): void {
  sendJson(response, 400, { error: { message, type: 'invalid_request_error', param: null, code: null } });
}

/** Answers with the failure the behaviour asks for (wrong key, error status); false when none. */
function sentConfiguredFailure(
  response: ServerResponse,
  behavior: ResolvedBehavior,
  apiKey: string | undefined,
  model: string | undefined,
): boolean {
  if (behavior.requiredApiKey !== undefined && apiKey !== behavior.requiredApiKey) {
    sendJson(response, 401, INVALID_API_KEY_BODY);
    return true;
  }
  if (behavior.rawBody !== undefined) {
    const headers: Record<string, string> = { 'content-type': 'text/html; charset=utf-8' };
    if (behavior.status >= 300 && behavior.status <= 399) headers.location = 'http://127.0.0.1:9/elsewhere';
    response.writeHead(behavior.status, headers);
    response.end(behavior.rawBody);
    return true;
  }
  if (behavior.status >= 200 && behavior.status <= 299) return false;
  if (behavior.errorRawBody !== undefined) {
    response.writeHead(behavior.status, { 'content-type': 'text/html; charset=utf-8' });
    response.end(behavior.errorRawBody);
  } else {
    sendJson(response, behavior.status, behavior.errorBody ?? defaultErrorBody(behavior.status, model));
  }
  return true;
}

export async function startFakeUpstream(options: FakeUpstreamOptions = {}): Promise<FakeUpstream> {
  const maxRecorded = options.maxRecordedRequests ?? 1000;
  const requests: RecordedRequest[] = [];
  let globalBehavior: FakeBehavior = checkBehavior({ ...options.behavior });
  const keyBehaviors = new Map<string, FakeBehavior>();
  let sequence = 0;
  let closing = false;

  const identity = (prefix: string) => {
    sequence += 1;
    return {
      id: `${prefix}-fake${sequence.toString().padStart(6, '0')}`,
      created: Math.floor(Date.now() / 1000),
    };
  };

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const method = request.method ?? 'GET';
    const url = new URL(request.url ?? '/', 'http://fake-upstream');
    const route = findRoute(method, url.pathname);
    const apiKey = apiKeyOf(request);
    const record: RecordedRequest = {
      method,
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      apiKey,
      body: undefined,
      chunksSent: 0,
      closedByClient: false,
      receivedAt: Date.now(),
    };
    if (route?.deployment !== undefined) record.deployment = route.deployment;

    const abort = new AbortController();
    let droppedByFake = false;
    response.on('close', () => {
      if (!response.writableFinished && !droppedByFake && !closing) record.closedByClient = true;
      abort.abort();
    });
    const drop = () => {
      droppedByFake = true;
      const socket = response.socket ?? request.socket;
      socket.end(() => socket.destroy());
    };

    const rawBytes = await readBody(request);
    const contentType = String(request.headers['content-type'] ?? '');
    const multipart =
      rawBytes !== undefined && contentType.startsWith('multipart/form-data')
        ? parseMultipart(rawBytes, contentType)
        : undefined;
    if (typeof multipart === 'string') {
      sendInvalidRequest(response, `malformed multipart body: ${multipart}`);
      return;
    }
    const rawBody = multipart ? '' : rawBytes?.toString('utf8');
    if (maxRecorded > 0) {
      if (requests.length >= maxRecorded) requests.shift();
      requests.push(record);
    }
    if (rawBody === undefined) {
      sendJson(response, 413, defaultErrorBody(413, undefined));
      return;
    }
    let body: JsonObject = multipart ? { ...multipart.fields, files: multipart.files } : {};
    if (multipart) record.body = body;
    if (rawBody !== '') {
      try {
        const parsed: unknown = JSON.parse(rawBody);
        record.body = parsed;
        if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed))
          body = parsed as JsonObject;
      } catch {
        record.body = rawBody;
        if (route !== undefined) {
          sendInvalidRequest(response, INVALID_JSON_MESSAGE);
          return;
        }
      }
    }
    if (route === undefined) {
      sendJson(response, 404, invalidUrlBody(method, url.pathname));
      return;
    }
    if (route.deployment !== undefined && !url.searchParams.has('api-version')) {
      sendJson(response, 404, { error: { code: '404', message: 'Resource not found' } });
      return;
    }

    let headerBehavior: FakeBehavior | undefined;
    const header = request.headers[FAKE_BEHAVIOR_HEADER];
    if (typeof header === 'string') {
      try {
        headerBehavior = parseBehaviorHeader(header);
      } catch (error) {
        sendInvalidRequest(response, (error as Error).message);
        return;
      }
    }
    const behavior = resolveBehavior(
      globalBehavior,
      apiKey === undefined ? undefined : keyBehaviors.get(apiKey),
      headerBehavior,
    );

    if (behavior.hang) return;
    if (behavior.latencyMs > 0) await sleep(behavior.latencyMs, undefined, { signal: abort.signal });
    // Streams drop after their n-th chunk (in the handler); other replies drop before answering.
    if (behavior.dropAfterChunks !== undefined && body.stream !== true) {
      drop();
      return;
    }
    const model = typeof body.model === 'string' && body.model !== '' ? body.model : undefined;
    if (sentConfiguredFailure(response, behavior, apiKey, model ?? route.deployment)) return;
    const needsModel = route.deployment === undefined && method === 'POST' && route.handler !== moderations;
    if (needsModel && model === undefined) {
      sendInvalidRequest(response, 'you must provide a model parameter');
      return;
    }
    const context: HandlerContext = {
      response,
      record,
      body,
      behavior,
      signal: abort.signal,
      identity,
      drop,
    };
    await route.handler(context);
  }

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (isAbort(error) || response.destroyed) return;
      if (!response.headersSent) {
        sendJson(response, 500, defaultErrorBody(500, undefined));
      } else {
        response.destroy(error as Error);
      }
    });
  });
  server.keepAliveTimeout = 30_000;
  const url = await listenOnLoopback(server);

  return {
    url,
    requests,
    setBehavior(patch) {
      globalBehavior = { ...globalBehavior, ...checkBehavior(patch) };
    },
    setBehaviorForKey(apiKey, patch) {
      if (patch === undefined) keyBehaviors.delete(apiKey);
      else keyBehaviors.set(apiKey, checkBehavior(patch));
    },
    reset() {
      requests.length = 0;
      globalBehavior = { ...options.behavior };
      keyBehaviors.clear();
    },
    close() {
      closing = true;
      return new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        server.closeAllConnections();
      });
    },
  };
}
