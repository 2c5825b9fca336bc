/**
 * `GET /metrics` (Prometheus text format) and the hook that counts every HTTP request, registered only
 * when METRICS_ENABLED; with METRICS_TOKEN set the scrape needs `Authorization: Bearer <token>`
 * (docs/operations.md "Metrics").
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

function sameToken(expected: string, header: string | undefined): boolean {
  const given = Buffer.from((header ?? '').replace(/^Bearer\s+/i, ''));
  const wanted = Buffer.from(expected);
  return given.length === wanted.length && timingSafeEqual(given, wanted);
}

export function registerMetrics(app: FastifyInstance, context: AppContext): void {
  const { metrics } = context;
  if (!metrics) return;
  app.addHook('onResponse', (request, reply, done) => {
    metrics.recordHttp(
      request.routeOptions.url ?? 'unmatched',
      request.method,
      reply.statusCode,
      reply.elapsedTime / 1000,
    );
    done();
  });
  const token = context.config.metricsToken;
  app.get('/metrics', async (request, reply) => {
    if (token && !sameToken(token, request.headers.authorization)) {
      return reply
        .code(401)
        .header('www-authenticate', 'Bearer')
        .send({ success: false, message: 'unauthorized' });
    }
    return reply.header('content-type', metrics.registry.contentType).send(await metrics.registry.metrics());
  });
}
