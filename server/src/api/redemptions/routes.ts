/** /api/redemption/* (administrators) and POST /api/user/topup (any logged-in user). Thin. */
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { ok, parseInput, readId, readPaging } from '../reply.ts';
import {
  createRedemptionInput,
  redemptionStatusInput,
  topUpInput,
  updateRedemptionInput,
} from './schemas.ts';
import {
  createRedemptions,
  deleteInvalidRedemptions,
  deleteRedemption,
  getRedemption,
  listRedemptions,
  updateRedemption,
  updateRedemptionStatus,
} from './service.ts';
import { redeemCode } from './topup-service.ts';

export async function registerRedemptionRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const asAdmin = { preHandler: requireRole(context, Role.admin) };

  app.get('/api/redemption/', asAdmin, async (request) =>
    ok(await listRedemptions(context, '', readPaging(request.query as Record<string, unknown>))),
  );
  app.get('/api/redemption/search', asAdmin, async (request) => {
    const query = request.query as Record<string, string | undefined>;
    return ok(await listRedemptions(context, query.keyword ?? '', readPaging(query)));
  });
  app.get('/api/redemption/:id', asAdmin, async (request) =>
    ok(await getRedemption(context, readId((request.params as { id: string }).id))),
  );
  app.post('/api/redemption/', asAdmin, async (request) =>
    ok(await createRedemptions(context, request.user!, parseInput(createRedemptionInput, request.body))),
  );
  app.put('/api/redemption/', asAdmin, async (request) => {
    const statusOnly = (request.query as Record<string, string | undefined>).status_only === 'true';
    if (statusOnly)
      return ok(await updateRedemptionStatus(context, parseInput(redemptionStatusInput, request.body)));
    return ok(await updateRedemption(context, parseInput(updateRedemptionInput, request.body)));
  });
  app.delete('/api/redemption/invalid', asAdmin, async () => ok(await deleteInvalidRedemptions(context)));
  app.delete('/api/redemption/:id', asAdmin, async (request) => {
    await deleteRedemption(context, readId((request.params as { id: string }).id));
    return ok();
  });

  app.post(
    '/api/user/topup',
    { preHandler: requireRole(context, Role.common), config: { ipLimit: 'critical' } },
    async (request) => ok(await redeemCode(context, request.user!, parseInput(topUpInput, request.body).key)),
  );
}
