/**
 * /api/data/*: the dashboard's rollups from quota_data (per user × model × hour). Admins see everyone
 * (summed over users) or one user by name; users see their own.
 */
import type { FastifyInstance } from 'fastify';
import type { QuotaDataView } from '../../../../common/api/dashboard.ts';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { ok } from '../reply.ts';
import { registerChannelCacheRoute } from './channel-cache.ts';

const MAX_RANGE_SECONDS = 366 * 86_400;

function readRange(query: Record<string, unknown>): { start: number; end: number } {
  const now = Math.floor(Date.now() / 1000);
  const end = Number(query.end_timestamp) > 0 ? Number(query.end_timestamp) : now + 3600;
  const requestedStart = Number(query.start_timestamp) > 0 ? Number(query.start_timestamp) : end - 7 * 86_400;
  return { start: Math.max(requestedStart, end - MAX_RANGE_SECONDS), end };
}

export async function registerDataRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const asUser = { preHandler: requireRole(context, Role.common) };
  const asAdmin = { preHandler: requireRole(context, Role.admin) };
  const { db } = context.database;
  registerChannelCacheRoute(app, context);

  app.get('/api/data/', asAdmin, async (request) => {
    const query = request.query as Record<string, unknown>;
    const { start, end } = readRange(query);
    const username = typeof query.username === 'string' ? query.username.trim() : '';
    let select = db
      .selectFrom('quota_data')
      .select((builder) => [
        'model_name',
        'created_at',
        builder.fn.sum<number>('token_used').as('token_used'),
        builder.fn.sum<number>('count').as('count'),
        builder.fn.sum<number>('quota').as('quota'),
      ])
      .where('created_at', '>=', start)
      .where('created_at', '<=', end);
    if (username) select = select.where('username', '=', username);
    const rows = await select.groupBy(['model_name', 'created_at']).orderBy('created_at').execute();
    return ok(
      rows.map(
        (row): QuotaDataView => ({
          model_name: row.model_name,
          created_at: Number(row.created_at),
          token_used: Number(row.token_used),
          count: Number(row.count),
          quota: Number(row.quota),
          username,
          user_id: 0,
        }),
      ),
    );
  });

  app.get('/api/data/self', asUser, async (request) => {
    const { start, end } = readRange(request.query as Record<string, unknown>);
    const rows = await db
      .selectFrom('quota_data')
      .select(['model_name', 'created_at', 'token_used', 'count', 'quota', 'username', 'user_id'])
      .where('user_id', '=', request.user!.id)
      .where('created_at', '>=', start)
      .where('created_at', '<=', end)
      .orderBy('created_at')
      .execute();
    return ok(
      rows.map(
        (row): QuotaDataView => ({
          ...row,
          created_at: Number(row.created_at),
          token_used: Number(row.token_used),
          quota: Number(row.quota),
        }),
      ),
    );
  });
}
