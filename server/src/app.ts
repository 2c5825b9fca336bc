/**
 * Builds the Fastify app: plugins, error rendering and route mounting only. Behaviour lives in the
 * resource folders under api/ (and relay/ for /v1).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import fastifyCompress from '@fastify/compress';
import fastifyCookie from '@fastify/cookie';
import Fastify, {
  type FastifyError,
  type FastifyInstance,
  type FastifyServerOptions,
  LogController,
} from 'fastify';
import type { Redis } from 'ioredis';
import { registerAuditRoutes } from './api/audit/routes.ts';
import { channelMessages } from './api/channels/messages.ts';
import { registerChannelRoutes } from './api/channels/routes.ts';
import { registerCheckinRoutes } from './api/checkin/routes.ts';
import { registerDataRoutes } from './api/data/routes.ts';
import { registerLogRoutes } from './api/logs/routes.ts';
import { oauthMessages } from './api/oauth/messages.ts';
import { registerOAuthRoutes } from './api/oauth/routes.ts';
import { registerOptionRoutes } from './api/options/routes.ts';
import { registerRateLimits } from './api/plugins/rate-limit.ts';
import { registerPricingRoutes } from './api/pricing/routes.ts';
import { redemptionMessages } from './api/redemptions/messages.ts';
import { registerRedemptionRoutes } from './api/redemptions/routes.ts';
import { registerSetupRoutes } from './api/setup/routes.ts';
import { registerStatusRoutes } from './api/status/routes.ts';
import { registerSubscriptionRoutes } from './api/subscriptions/routes.ts';
import { registerTaskRoutes } from './api/tasks/routes.ts';
import { tokenMessages } from './api/tokens/messages.ts';
import { registerTokenRoutes } from './api/tokens/routes.ts';
import { registerUserRoutes } from './api/users/routes.ts';
import { verificationMessages } from './api/verification/messages.ts';
import { registerVerificationRoutes } from './api/verification/routes.ts';
import { walletMessages } from './api/wallet/messages.ts';
import { registerWalletRoutes } from './api/wallet/routes.ts';
import { checkTurnstile } from './auth/turnstile.ts';
import './auth/types.ts';
import { registerCatalogueRoutes } from './api/models-catalogue/routes.ts';
import { registerSecurityRoutes } from './api/security/routes.ts';
import { registerAuditHooks } from './audit/hooks.ts';
import { defaultWebDistPath, registerConsole } from './console-static.ts';
import type { AppContext } from './context.ts';
import { pingDatabase } from './db/connect.ts';
import { GatewayError } from './lib/errors.ts';
import { languageOf, registerMessages, translate } from './lib/messages.ts';
import { nextRequestId } from './lib/request-id.ts';
import { registerMetrics } from './metrics/routes.ts';
import { optionMessages } from './options/messages.ts';
import { type DirectHandler, directRelayHandler } from './relay/http/fast-path.ts';
import { registerRelayRoutes } from './relay/http/routes.ts';
import { registerRealtimeRelay } from './relay/realtime/upgrade.ts';
import { registerMidjourneyRoutes } from './relay/tasks/midjourney/routes.ts';
import { registerSunoRoutes } from './relay/tasks/suno/routes.ts';
import { registerVideoRoutes } from './relay/tasks/video/routes.ts';

// Each feature's reply texts join the core ones (lib/messages.ts imports no feature).
registerMessages(
  optionMessages,
  channelMessages,
  tokenMessages,
  redemptionMessages,
  walletMessages,
  oauthMessages,
  verificationMessages,
);

function isRelayUrl(url: string): boolean {
  return url.startsWith('/v1') || url.startsWith('/pg/') || url.startsWith('/dashboard/');
}

/**
 * The HTTP server: the relay's direct path (server/src/relay/http/fast-path.ts) takes the OpenAI JSON calls
 * once it is set, Fastify everything else. Timeouts as Fastify sets them on a server it creates.
 */
function relayFirstServer(direct: { handler: DirectHandler | null }) {
  return (
    handler: (request: IncomingMessage, response: ServerResponse) => void,
    options: FastifyServerOptions,
  ) => {
    const server = createServer((request, response) => {
      if (!direct.handler?.(request, response)) handler(request, response);
    });
    server.keepAliveTimeout = options.keepAliveTimeout ?? server.keepAliveTimeout;
    server.requestTimeout = options.requestTimeout ?? server.requestTimeout;
    server.setTimeout(options.connectionTimeout ?? 0);
    if (options.maxRequestsPerSocket) server.maxRequestsPerSocket = options.maxRequestsPerSocket;
    return server;
  };
}

export interface BuildAppOptions {
  /** Per-IP rate limits counted in Redis (shared by every instance) rather than in memory. */
  redis?: Redis | null;
}

export async function buildApp(context: AppContext, options: BuildAppOptions = {}): Promise<FastifyInstance> {
  const direct: { handler: DirectHandler | null } = { handler: null };
  const app = Fastify({
    serverFactory: relayFirstServer(direct),
    loggerInstance: context.logger,
    bodyLimit: context.config.maxRequestBodyBytes,
    trustProxy: context.config.trustProxy,
    logController: new LogController({ disableRequestLogging: true }),
    genReqId: nextRequestId,
    // No child logger per request (a measurable cost on the relay path); errors log the URL and request id.
    childLoggerFactory: (logger) => logger,
    requestIdHeader: false,
    routerOptions: { ignoreTrailingSlash: true },
  });

  app.decorateRequest('user', null);
  app.decorateRequest('language', 'zh');
  // Callback style: no promise per request.
  app.addHook('onRequest', (request, reply, done) => {
    request.language = languageOf(request.headers['accept-language']);
    reply.header('X-Request-Id', request.id);
    reply.header('X-Content-Type-Options', 'nosniff');
    // The console may not be framed by another site (clickjacking); the relay API is never framed.
    if (!isRelayUrl(request.url)) {
      reply.header('X-Frame-Options', 'SAMEORIGIN');
      reply.header('Content-Security-Policy', "frame-ancestors 'self'");
    }
    done();
  });

  await app.register(fastifyCookie, { secret: context.sessionSecret });
  // Payment providers post their notifications as forms.
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(String(body))));
    },
  );
  // Request bodies are decoded by the relay scopes themselves, after the key and within the body limit
  // (server/src/relay/http/scope-guards.ts); the plugin compresses replies only.
  await app.register(fastifyCompress, { global: true, threshold: 1024, globalDecompression: false });

  await registerRateLimits(app, context, {
    redis: options.redis ?? null,
    keyPrefix: context.config.redisKeyPrefix,
  });
  registerMetrics(app, context);
  registerAuditHooks(app, context);

  app.setErrorHandler((error: FastifyError | GatewayError, request, reply) => {
    if (error instanceof GatewayError) {
      return reply
        .code(error.status)
        .send({ success: false, message: translate(error.code, request.language, error.params) });
    }
    const status = error.statusCode ?? 500;
    if (status === 413 || error.code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
      return reply
        .code(413)
        .send({ success: false, message: translate('common.body_too_large', request.language) });
    }
    if (status >= 400 && status < 500) {
      return reply.code(status).send({
        success: false,
        message: translate('common.invalid_request', request.language, { detail: error.message }),
      });
    }
    request.log.error(
      { err: error, url: request.url.split('?')[0], requestId: request.id },
      'request failed',
    );
    return reply.code(500).send({ success: false, message: translate('common.internal', request.language) });
  });

  app.get('/healthz', async (_request, reply) => {
    try {
      await pingDatabase(context.database);
      return { status: 'ok', database: context.database.dialect };
    } catch (error) {
      reply.code(503);
      return { status: 'unavailable', error: (error as Error).message };
    }
  });

  await registerStatusRoutes(app, context);
  await registerSetupRoutes(app, context);
  await registerOptionRoutes(app, context);
  await registerUserRoutes(app, context);
  await registerSecurityRoutes(app, context);
  await registerOAuthRoutes(app, context);
  await registerTokenRoutes(app, context);
  await registerChannelRoutes(app, context);
  await registerRedemptionRoutes(app, context);
  await registerLogRoutes(app, context);
  await registerTaskRoutes(app, context);
  await registerDataRoutes(app, context);
  await registerPricingRoutes(app, context);
  await registerCatalogueRoutes(app, context);
  await registerWalletRoutes(app, context);
  await registerSubscriptionRoutes(app, context);
  await registerCheckinRoutes(app, context);
  await registerAuditRoutes(app, context);
  await registerVerificationRoutes(app, context, checkTurnstile);
  await registerRelayRoutes(app, context);
  await registerRealtimeRelay(app, context);
  await registerMidjourneyRoutes(app, context);
  await registerSunoRoutes(app, context);
  await registerVideoRoutes(app, context);

  await registerConsole(app, context.config.webDistPath || defaultWebDistPath());
  let closing = false;
  app.addHook('preClose', (done) => {
    closing = true;
    done();
  });
  direct.handler = directRelayHandler(context, () => closing);
  return app;
}
