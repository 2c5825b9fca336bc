/**
 * Per-IP limits of REFERENCE §2: the global API limit on /api, the global web limit on console pages,
 * and the critical limit on routes marked `config: { rateLimit: 'critical' }` (login, register,
 * verification, reset, OAuth, top-up). A refusal is HTTP 429 with a JSON body.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { RateLimitRule } from '../../config.ts';
import type { AppContext } from '../../context.ts';
import { translate } from '../../lib/messages.ts';
import type { RateLimitStore } from '../../lib/rate-limit.ts';

const nonWebPrefixes = [
  '/api/',
  '/v1',
  '/v1beta',
  '/pg/',
  '/mj/',
  '/suno/',
  '/dashboard/',
  '/healthz',
  '/metrics',
  '/assets/',
];

async function enforce(
  store: RateLimitStore,
  bucket: string,
  rule: RateLimitRule,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<boolean> {
  if (!rule.enabled) return true;
  const verdict = await store.hit(`${bucket}:${request.ip}`, rule.limit, rule.durationSeconds);
  if (verdict.allowed) return true;
  reply
    .code(429)
    .header('Retry-After', String(verdict.resetSeconds))
    .send({ success: false, message: translate('common.rate_limited', request.language) });
  return false;
}

export function registerRateLimits(app: FastifyInstance, context: AppContext, store: RateLimitStore): void {
  const { api, web, critical } = context.config.rateLimits;
  app.addHook('onRequest', async (request, reply) => {
    const path = request.url;
    if (path.startsWith('/api/')) {
      if (!(await enforce(store, 'api', api, request, reply))) return reply;
      if (request.routeOptions.config.rateLimit === 'critical') {
        if (!(await enforce(store, 'critical', critical, request, reply))) return reply;
      }
      return;
    }
    if (request.method === 'GET' && !nonWebPrefixes.some((prefix) => path.startsWith(prefix))) {
      if (!(await enforce(store, 'web', web, request, reply))) return reply;
    }
  });
}
