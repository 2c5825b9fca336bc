/**
 * /api/mj/* (the drawing log) and /api/task/* (the task log): users read their own rows through the `self`
 * variants, admins everyone's with a channel filter. The relay routes that fill these tables (/mj/*,
 * /suno/*) live in server/src/relay/.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { ok, readPaging } from '../reply.ts';
import { readTaskLogFilter } from './query.ts';
import { listMidjourneys, listTasks } from './service.ts';

export async function registerTaskRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const asUser = { preHandler: requireRole(context, Role.common) };
  const asAdmin = { preHandler: requireRole(context, Role.admin) };
  const lists = [
    { path: '/api/mj', idParam: 'mj_id', list: listMidjourneys },
    { path: '/api/task', idParam: 'task_id', list: listTasks },
  ] as const;

  for (const { path, idParam, list } of lists) {
    /** Admins list every user's rows with a channel filter; `self` lists only the caller's rows. */
    const answer = async (request: FastifyRequest, admin: boolean) => {
      const filter = readTaskLogFilter(request.query, idParam, admin);
      if (!admin) filter.userId = request.user!.id;
      const paging = readPaging(request.query as Record<string, unknown>);
      return ok(await list(context, filter, paging, admin));
    };
    app.get(`${path}/`, asAdmin, (request) => answer(request, true));
    app.get(`${path}/self`, asUser, (request) => answer(request, false));
  }
}
