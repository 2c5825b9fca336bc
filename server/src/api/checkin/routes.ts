/**
 * Daily check-in (docs/checkin.md), new-api's routes: GET /api/user/checkin?month=YYYY-MM (the settings
 * and the user's check-ins) and POST /api/user/checkin (check in; Turnstile-guarded as in new-api). Thin.
 */
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import { checkTurnstile } from '../../auth/turnstile.ts';
import type { AppContext } from '../../context.ts';
import { translate } from '../../lib/messages.ts';
import { ok } from '../reply.ts';
import './messages.ts';
import { checkIn, checkinStatus, requireCheckinEnabled } from './service.ts';

export async function registerCheckinRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const asUser = { preHandler: requireRole(context, Role.common) };

  app.get('/api/user/checkin', asUser, async (request) => {
    const month = (request.query as Record<string, unknown>).month;
    return ok(await checkinStatus(context, request.user!, typeof month === 'string' ? month : undefined));
  });

  app.post('/api/user/checkin', asUser, async (request) => {
    requireCheckinEnabled(context);
    await checkTurnstile(context, request);
    const result = await checkIn(context, request.user!);
    return ok(result, translate('checkin.done', request.language));
  });
}
