/** /api/log/*: usage logs (users see their own, admins everyone's; deletion is root's). */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { deleteLogsBefore } from '../../jobs/retention.ts';
import { ok, parseInput, readPaging } from '../reply.ts';
import { readLogFilter } from './query.ts';
import { listLogs, logStat } from './service.ts';

const deleteInput = z.object({
  target_timestamp: z.string().regex(/^\d+$/, 'must be a unix timestamp in seconds').transform(Number),
});

export async function registerLogRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const asUser = { preHandler: requireRole(context, Role.common) };
  const asAdmin = { preHandler: requireRole(context, Role.admin) };
  const asRoot = { preHandler: requireRole(context, Role.root) };
  const query = (request: { query: unknown }) => request.query as Record<string, unknown>;

  app.get('/api/log/', asAdmin, async (request) =>
    ok(await listLogs(context, readLogFilter(query(request), true), readPaging(query(request)), true)),
  );
  app.get('/api/log/stat', asAdmin, async (request) =>
    ok(await logStat(context, readLogFilter(query(request), true))),
  );
  app.get('/api/log/self', asUser, async (request) =>
    ok(
      await listLogs(
        context,
        { ...readLogFilter(query(request), false), userId: request.user!.id },
        readPaging(query(request)),
        false,
      ),
    ),
  );
  app.get('/api/log/self/stat', asUser, async (request) =>
    ok(await logStat(context, { ...readLogFilter(query(request), false), userId: request.user!.id })),
  );
  app.delete('/api/log/', asRoot, async (request) => {
    const { target_timestamp } = parseInput(deleteInput, request.query);
    return ok(await deleteLogsBefore(context.logDatabase, target_timestamp));
  });
}
