/**
 * Console API of subscription plans and users' subscriptions (docs/subscriptions.md), new-api's routes:
 * /api/subscription/plans and /self for users, /api/subscription/admin/* for administrators; Switchyard adds
 * POST /api/subscription/wallet/pay (buy a plan from the balance). Thin.
 */
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { translate } from '../../lib/messages.ts';
import { ok, parseInput, readId } from '../reply.ts';
import './messages.ts';
import { createPlan, disablePlan, listPlans, updatePlan } from './plans.ts';
import { bindInput, planIdInput, planInput } from './schemas.ts';
import {
  bindPlan,
  deleteSubscription,
  invalidateSubscription,
  selfSummary,
  summaries,
} from './user-subscriptions.ts';
import { buyWithWallet } from './wallet-purchase.ts';

export async function registerSubscriptionRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const asUser = { preHandler: requireRole(context, Role.common) };
  const asAdmin = { preHandler: requireRole(context, Role.admin) };
  const idOf = (params: unknown) => readId((params as { id: string }).id);

  app.get('/api/subscription/plans', asUser, async () => ok(await listPlans(context, true)));
  app.get('/api/subscription/self', asUser, async (request) =>
    ok(await selfSummary(context, request.user!.id)),
  );
  app.post(
    '/api/subscription/wallet/pay',
    { preHandler: requireRole(context, Role.common), config: { ipLimit: 'critical' } },
    async (request) => {
      const { plan_id } = parseInput(planIdInput, request.body);
      const result = await buyWithWallet(context, request.user!, plan_id);
      return ok(result, translate('subscription.bought', request.language));
    },
  );

  app.get('/api/subscription/admin/plans', asAdmin, async () => ok(await listPlans(context, false)));
  app.post('/api/subscription/admin/plans', asAdmin, async (request) =>
    ok(await createPlan(context, parseInput(planInput, request.body))),
  );
  app.put('/api/subscription/admin/plans/:id', asAdmin, async (request) =>
    ok(await updatePlan(context, idOf(request.params), parseInput(planInput, request.body))),
  );
  app.delete('/api/subscription/admin/plans/:id', asAdmin, async (request) => {
    await disablePlan(context, idOf(request.params));
    return ok();
  });
  app.post('/api/subscription/admin/bind', asAdmin, async (request) => {
    const { user_id, plan_id } = parseInput(bindInput, request.body);
    return ok(await bindPlan(context, user_id, plan_id));
  });
  app.get('/api/subscription/admin/users/:id/subscriptions', asAdmin, async (request) =>
    ok(await summaries(context, idOf(request.params))),
  );
  app.post('/api/subscription/admin/users/:id/subscriptions', asAdmin, async (request) => {
    const { plan_id } = parseInput(planIdInput, request.body);
    return ok(await bindPlan(context, idOf(request.params), plan_id));
  });
  app.post('/api/subscription/admin/user_subscriptions/:id/invalidate', asAdmin, async (request) => {
    await invalidateSubscription(context, idOf(request.params));
    return ok();
  });
  app.delete('/api/subscription/admin/user_subscriptions/:id', asAdmin, async (request) => {
    await deleteSubscription(context, idOf(request.params));
    return ok();
  });
}
