/**
 * The relay surface: /v1 (OpenAI format), the billing dashboard endpoints (server/src/relay/http/billing-compat.ts),
 * and /pg/chat/completions for the playground (session auth). Compressed bodies are decoded for every route
 * of the scope (server/src/relay/http/compressed-body.ts), and its calls are refused while the system-load
 * guard holds a refusal (server/src/relay/http/load-guard.ts). Errors here are rendered in OpenAI's format, never as /api replies.
 */
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { GatewayError } from '../../lib/errors.ts';
import { isMessageKey, translate } from '../../lib/messages.ts';
import { admitAndRelay } from '../call/admission.ts';
import { messagesText, promptText } from '../formats/openai/request.ts';
import type { RelayEndpoint } from '../providers/types.ts';
import { callerOf, groupUsable, keyFirst, type RelayCaller } from './auth.ts';
import { registerBillingCompatRoutes } from './billing-compat.ts';

import { GATEWAY_ERROR_TYPE, openAiErrorReply, relayError } from './errors.ts';
import { registerFormatRoutes } from './format-routes.ts';
import type { RelayReply, RelayRequest } from './http-types.ts';
import { readJsonBody } from './json-body.ts';
import { startLoadGuard } from './load-guard.ts';
import { imagePriceMultiplier, validateMediaShape } from './media.ts';
import { registerModelRoutes } from './model-routes.ts';
import { registerMultipartRoutes } from './multipart-routes.ts';
import { registerResponsesCompact } from './responses-compact.ts';
import { guardRelayScope } from './scope-guards.ts';

/** OpenAI routes whose relay arrives in later work: a clear 501 until then. */
const notYetRelayed = [
  ['POST', '/v1/edits'],
  ['POST', '/v1/files'],
  ['GET', '/v1/files'],
  ['POST', '/v1/fine_tuning/jobs'],
  ['POST', '/v1/batches'],
] as const;

/**
 * Routes some clients call that no channel this gateway serves can answer: refused with 404 and the
 * reason (docs/reference/relay.md "Routes not served").
 */
const refusedRoutes = [
  [
    'POST',
    '/v1/alpha/search',
    "/v1/alpha/search is the web search of ChatGPT's Codex backend (chatgpt.com/backend-api/codex/alpha/search), reached only with a ChatGPT account's OAuth session; it is not part of OpenAI's API, and this gateway serves no ChatGPT account channel",
  ],
] as const;

function readModel(endpoint: RelayEndpoint, body: Record<string, unknown>): string {
  const model = body.model;
  if (endpoint === 'moderations' && (model === undefined || model === '')) return 'omni-moderation-latest';
  // OpenAI's default image model.
  if (endpoint === 'images' && (model === undefined || model === '')) return 'dall-e-2';
  if (typeof model !== 'string' || model.trim() === '')
    throw relayError(400, 'invalid_request', 'the request must name a model');
  return model.trim();
}

function readBody(body: unknown): Record<string, unknown> {
  if (!body || typeof body !== 'object' || Array.isArray(body)) {
    throw relayError(400, 'invalid_request', 'the request body must be a JSON object');
  }
  return body as Record<string, unknown>;
}

function validateShape(endpoint: RelayEndpoint, body: Record<string, unknown>): void {
  if (endpoint === 'chat' && (!Array.isArray(body.messages) || body.messages.length === 0)) {
    throw relayError(400, 'invalid_request', 'messages must be a non-empty array');
  }
  if (endpoint === 'completions' && body.prompt === undefined)
    throw relayError(400, 'invalid_request', 'prompt is required');
  if ((endpoint === 'embeddings' || endpoint === 'moderations') && body.input === undefined) {
    throw relayError(400, 'invalid_request', 'input is required');
  }
}

/** The text of an OpenAI call that the sensitive-word check reads, if the endpoint has one. */
function promptOf(endpoint: RelayEndpoint, body: Record<string, unknown>): (() => string) | undefined {
  return endpoint === 'chat'
    ? () => messagesText(body)
    : endpoint === 'completions' || endpoint === 'images'
      ? () => promptText(body)
      : endpoint === 'speech'
        ? () => String(body.input ?? '')
        : undefined;
}

export function renderRelayError(
  error: FastifyError | GatewayError,
  request: RelayRequest,
  reply: RelayReply,
) {
  if (reply.sent || reply.raw.headersSent) return;
  if (error instanceof GatewayError) {
    // Console guards (the playground) raise catalogue codes; relay errors carry their own text.
    const message = isMessageKey(error.code)
      ? translate(error.code, request.language, error.params)
      : error.message;
    if (error.retryAfterSeconds) reply.header('retry-after', String(error.retryAfterSeconds));
    return reply
      .code(error.status)
      .send(openAiErrorReply(message, GATEWAY_ERROR_TYPE, error.code, request.id));
  }
  const status =
    error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
  if (status === 500) request.log.error({ err: error }, 'relay request failed');
  const message =
    status === 413 ? 'the request body is too large' : status === 500 ? 'internal error' : error.message;
  return reply
    .code(status)
    .send(
      openAiErrorReply(
        message,
        GATEWAY_ERROR_TYPE,
        status === 413 ? 'body_too_large' : 'invalid_request',
        request.id,
      ),
    );
}

/** JSON bodies of relay routes (server/src/relay/http/json-body.ts), within the configured size. */
function relayJsonParser(bodyLimit: number) {
  return (
    request: FastifyRequest,
    payload: NodeJS.ReadableStream,
    done: (error: Error | null, value?: unknown) => void,
  ): void => readJsonBody(payload, bodyLimit, request, done);
}

/**
 * One call to an OpenAI endpoint once its key is authenticated and its body parsed: the shape checked,
 * the model read, the call admitted and relayed. Fastify's routes and the direct path
 * (server/src/relay/http/fast-path.ts) both end here.
 */
export async function serveOpenAiCall(
  context: AppContext,
  request: RelayRequest,
  reply: RelayReply,
  endpoint: RelayEndpoint,
  caller: RelayCaller,
  parsedBody: unknown,
): Promise<void> {
  const body = readBody(parsedBody);
  validateShape(endpoint, body);
  const model = readModel(endpoint, body);
  validateMediaShape(endpoint, model, body);
  const call = { endpoint, caller, body, model };
  await admitAndRelay(
    context,
    request,
    reply,
    endpoint === 'images' ? { ...call, priceMultiplier: imagePriceMultiplier(model, body) } : call,
    promptOf(endpoint, body),
  );
}

/** The OpenAI endpoints relayed as JSON calls, by path. */
export const OPENAI_ENDPOINTS: ReadonlyMap<string, RelayEndpoint> = new Map([
  ['/v1/chat/completions', 'chat'],
  ['/v1/completions', 'completions'],
  ['/v1/embeddings', 'embeddings'],
  ['/v1/moderations', 'moderations'],
  ['/v1/images/generations', 'images'],
  ['/v1/audio/speech', 'speech'],
  ['/v1/rerank', 'rerank'],
]);

export async function registerRelayRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  startLoadGuard(app, context);
  await app.register(async (scope) => {
    scope.setErrorHandler(renderRelayError);
    scope.decorateRequest('relayCaller', null);
    scope.decorateRequest('bodyBytes', 0);
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', relayJsonParser(context.config.maxRequestBodyBytes));
    guardRelayScope(scope, context);

    const openAiKeyFirst = keyFirst(context, 'openai');
    for (const [path, endpoint] of OPENAI_ENDPOINTS) {
      scope.post(path, { preParsing: openAiKeyFirst }, async (request, reply) => {
        await serveOpenAiCall(context, request, reply, endpoint, callerOf(request), request.body);
        return reply;
      });
    }

    // OpenAI's old engines route: the model named in the path unless the body names one (as new-api reads it).
    scope.post('/v1/engines/:model/embeddings', { preParsing: openAiKeyFirst }, async (request, reply) => {
      const body = readBody(request.body);
      const model = typeof body.model === 'string' && body.model.trim() !== '' ? body.model : undefined;
      const fromPath = (request.params as { model: string }).model;
      await serveOpenAiCall(context, request, reply, 'embeddings', callerOf(request), {
        ...body,
        model: model ?? fromPath,
      });
      return reply;
    });

    // The playground: the session user is charged directly, in a group they may use.
    const asUser = requireRole(context, Role.common);
    scope.post('/pg/chat/completions', { preHandler: asUser }, async (request, reply) => {
      const user = context.accounts.user(request.user!.id);
      if (!user) throw relayError(401, 'not_logged_in', 'not logged in');
      const body = readBody(request.body);
      validateShape('chat', body);
      const model = readModel('chat', body);
      const group = typeof body.group === 'string' && body.group ? body.group : user.group;
      if (!groupUsable(context, user, group))
        throw relayError(403, 'group_forbidden', `group "${group}" is not available to this user`);
      if (!context.accounts.sharesBalances && user.quota <= 0 && user.allowances.length === 0)
        throw relayError(403, 'insufficient_user_quota', 'the user quota is used up');
      const { group: _group, ...upstreamBody } = body;
      const caller: RelayCaller = {
        token: null,
        user,
        tokenName: 'playground',
        usingGroup: group,
        pinnedChannelId: null,
        clientIp: request.ip,
      };
      const call = { endpoint: 'chat' as const, caller, body: upstreamBody, model };
      await admitAndRelay(context, request, reply, call, promptOf('chat', upstreamBody));
      return reply;
    });

    await registerModelRoutes(scope, context);
    await registerBillingCompatRoutes(scope, context);
    await registerFormatRoutes(scope, context);
    await scope.register(async (compact) => registerResponsesCompact(compact, context));
    await registerMultipartRoutes(scope, context);

    for (const [method, path, reason] of refusedRoutes) {
      scope.route({
        method,
        url: path,
        preParsing: openAiKeyFirst,
        handler: async () => {
          throw relayError(404, 'unsupported_endpoint', reason);
        },
      });
    }

    for (const [method, path] of notYetRelayed) {
      scope.route({
        method,
        url: path,
        // The key first: an unserved route tells only a caller with a valid key that it is unserved.
        preParsing: openAiKeyFirst,
        handler: async () => {
          throw relayError(501, 'unsupported_endpoint', `${path} is not supported by this gateway yet`);
        },
      });
    }
  });
}
