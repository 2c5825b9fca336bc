/** Public, unauthenticated: GET /api/status, /api/notice, /api/about, /api/home_page_content. */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import { ok } from '../reply.ts';
import { setupDone } from '../setup/service.ts';
import { buildPublicStatus } from './service.ts';

export async function registerStatusRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get('/api/status', async (request) => {
    await setupDone(context);
    return ok(buildPublicStatus(context.options, context, request));
  });
  app.get('/api/notice', async () => ok(context.options.get('Notice')));
  app.get('/api/about', async () => ok(context.options.get('About')));
  app.get('/api/home_page_content', async () => ok(context.options.get('HomePageContent')));
}
