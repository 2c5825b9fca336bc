/**
 * Per-IP limits (docs/operations.md, README "Configuration"): the global API limit on /api, the global web
 * limit on console pages, and the critical limit on routes marked `config: { ipLimit: 'critical' }`
 * (login, register, verification, reset, OAuth, top-up). Counted by @fastify/rate-limit — in memory, or in
 * Redis when REDIS_CONN_STRING is set, so that every instance counts the same windows. A refusal is HTTP
 * 429 with `Retry-After` and the console's JSON body. The relay routes are never limited here.
 */
import fastifyRateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Redis } from 'ioredis';
import type { RateLimitRule } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { translate } from '../../lib/messages.ts';
import { apiRoutePrefixes } from '../../lib/route-prefixes.ts';

/** The API routes, anything starting with `/v1` (so `/v1foo` too), and the console's hashed files. */
const nonWebPrefixes = [...apiRoutePrefixes, '/v1', '/assets/'];

/** Not a console page, so never counted against the web limit (`url` as received, query included). */
export function isNonWebPath(url: string): boolean {
  return nonWebPrefixes.some((prefix) => url.startsWith(prefix));
}

type Limiter = ReturnType<FastifyInstance['createRateLimit']>;

export interface RateLimitBackend {
  /** Shares the windows between instances; null counts in this process's memory. */
  redis: Redis | null;
  /** Starts the Redis keys (REDIS_KEY_PREFIX). */
  keyPrefix: string;
}

export async function registerRateLimits(
  app: FastifyInstance,
  context: AppContext,
  backend: RateLimitBackend,
): Promise<void> {
  await app.register(fastifyRateLimit, {
    global: false,
    ...(backend.redis ? { redis: backend.redis, nameSpace: `${backend.keyPrefix}rate:` } : {}),
    // Redis unreachable: the console stays usable rather than failing every request.
    skipOnError: true,
  });
  const limiter = (bucket: string, rule: RateLimitRule): Limiter | null =>
    rule.enabled
      ? app.createRateLimit({
          max: rule.limit,
          timeWindow: rule.durationSeconds * 1000,
          keyGenerator: (request) => `${bucket}:${request.ip}`,
        })
      : null;
  const { rateLimits } = context.config;
  const api = limiter('api', rateLimits.api);
  const web = limiter('web', rateLimits.web);
  const critical = limiter('critical', rateLimits.critical);

  const enforce = async (check: Limiter | null, request: FastifyRequest, reply: FastifyReply) => {
    if (!check) return true;
    const verdict = await check(request);
    // `isAllowed` means "on the allow list"; the count decides through `isExceeded`.
    if (verdict.isAllowed || !verdict.isExceeded) return true;
    reply
      .code(429)
      .header('Retry-After', String(verdict.ttlInSeconds))
      .send({ success: false, message: translate('common.rate_limited', request.language) });
    return false;
  };

  /** The limits a request is counted against, in order (none for the relay and static files). */
  const limitsOf = (request: FastifyRequest): (Limiter | null)[] | null => {
    const path = request.url;
    if (path.startsWith('/api/'))
      return request.routeOptions.config.ipLimit === 'critical' ? [api, critical] : [api];
    if (request.method === 'GET' && !isNonWebPath(path)) return [web];
    return null;
  };

  // Callback style: a request no limit covers (every relay call) passes without a promise.
  app.addHook('onRequest', (request, reply, done) => {
    const limits = limitsOf(request);
    if (!limits) {
      done();
      return;
    }
    const check = async () => {
      for (const limit of limits) if (!(await enforce(limit, request, reply))) return false;
      return true;
    };
    // A refused request has its 429 sent: the chain stops there.
    check().then((passed) => passed && done(), done);
  });
}
