/**
 * /api/mj/* (the drawing log) and /api/task/* (the task log): users read their own rows through the `self`
 * variants, admins everyone's with a channel filter. The relay routes that fill these tables (/mj/*,
 * /suno/*) live in server/src/relay/.
 */
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { ok, readPaging } from '../reply.ts';
import { readTaskLogFilter } from './query.ts';
import { listMidjourneys, listTasks } from './service.ts';

export async function registerTaskRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const asUser = { preHandler: requireRole(context, Role.common) };
  const asAdmin = { preHandler: requireRole(context, Role.admin) };
  const query = (request: { query: unknown }) => request.query as Record<string, unknown>;

  app.get('/api/mj/', asAdmin, async (request) =>
    ok(
      await listMidjourneys(
        context,
        readTaskLogFilter(request.query, 'mj_id', true),
        readPaging(query(request)),
        true,
      ),
    ),
  );
  app.get('/api/mj/self', asUser, async (request) =>
    ok(
      await listMidjourneys(
        context,
        { ...readTaskLogFilter(request.query, 'mj_id', false), userId: request.user!.id },
        readPaging(query(request)),
        false,
      ),
    ),
  );
  app.get('/api/task/', asAdmin, async (request) =>
    ok(
      await listTasks(
        context,
        readTaskLogFilter(request.query, 'task_id', true),
        readPaging(query(request)),
        true,
      ),
    ),
  );
  app.get('/api/task/self', asUser, async (request) =>
    ok(
      await listTasks(
        context,
        { ...readTaskLogFilter(request.query, 'task_id', false), userId: request.user!.id },
        readPaging(query(request)),
        false,
      ),
    ),
  );
}
