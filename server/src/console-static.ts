/**
 * Serves the built console (web/dist): hashed assets with a year-long immutable cache, index.html
 * never cached, and the SPA fallback to index.html for console routes — never for API paths, which get
 * a JSON 404 instead.
 */
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { translate } from './lib/messages.ts';
import { apiRoutePrefixes } from './lib/route-prefixes.ts';

/** A path under an API route prefix, or a prefix itself without its trailing slash (`/api`, `/mj`). */
export function isApiPath(path: string): boolean {
  return apiRoutePrefixes.some((prefix) => path.startsWith(prefix) || `${path}/` === prefix);
}

export function defaultWebDistPath(): string {
  return resolve(fileURLToPath(new URL('.', import.meta.url)), '../../web/dist');
}

export async function registerConsole(app: FastifyInstance, distPath: string): Promise<void> {
  const hasConsole = existsSync(join(distPath, 'index.html'));
  if (hasConsole) {
    await app.register(fastifyStatic, {
      root: distPath,
      wildcard: false,
      index: false,
      setHeaders(reply, path) {
        if (path.includes('/assets/')) {
          reply.header('Cache-Control', 'public, max-age=31536000, immutable');
        } else {
          reply.header('Cache-Control', 'no-cache');
        }
      },
    });
  } else {
    app.log.warn({ distPath }, 'console build not found: run `npm run build` (npm start does it for you)');
  }

  const notFound = (request: FastifyRequest, reply: FastifyReply) => {
    const path = request.url.split('?')[0] ?? '/';
    const message = `Invalid URL (${request.method} ${path})`;
    // Relay clients read errors in their own format (SDKs show nothing useful of a console reply).
    if (path.startsWith('/v1beta/'))
      return reply.code(404).send({ error: { code: 404, message, status: 'NOT_FOUND' } });
    if (path.startsWith('/v1/'))
      return reply
        .code(404)
        .send({ error: { message, type: 'invalid_request_error', param: null, code: 'not_found' } });
    return reply.code(404).send({ success: false, message: translate('common.not_found', request.language) });
  };
  app.setNotFoundHandler(notFound);
  if (!hasConsole) return;

  // A catch-all route (not the not-found handler) so that compression and the other route hooks apply.
  app.get('/*', (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (isApiPath(path)) return notFound(request, reply);
    // Files present at boot are routed by @fastify/static; one built since (a rebuilt console) is sent
    // from here, and a missing file is a 404 (from the not-found handler), never the console page.
    if ((path.split('/').pop() ?? '').includes('.')) {
      const relative = decodeURIComponent(path).replace(/^\/+/, '');
      if (relative.split('/').includes('..')) return notFound(request, reply);
      return reply.sendFile(relative);
    }
    return reply.header('Cache-Control', 'no-cache').type('text/html').sendFile('index.html');
  });
}
