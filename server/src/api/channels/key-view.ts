/**
 * POST /api/channel/:id/key (new-api's route): a channel's key, for root only and only after asking again —
 * a two-factor code or a passkey in the last five minutes (../../auth/two-factor/verification.ts). A root
 * without either is told to set one up first, as new-api does. GET /api/channel/:id never carries the key
 * (docs/security.md "Asking again", docs/decisions/0009-channel-key-custody-and-upstream-connections.md).
 */
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import { hasSecondFactor, requireRecentVerification } from '../../auth/two-factor/verification.ts';
import type { AppContext } from '../../context.ts';
import { forbidden } from '../../lib/errors.ts';
import { ok, readId } from '../reply.ts';
import { requireChannelRow } from './service.ts';

export function registerChannelKeyRoute(app: FastifyInstance, context: AppContext): void {
  const asRoot = { preHandler: requireRole(context, Role.root), config: { ipLimit: 'critical' as const } };
  app.post('/api/channel/:id/key', asRoot, async (request, reply) => {
    const userId = request.user!.id;
    const { db } = context.database;
    if (!(await hasSecondFactor(db, userId))) throw forbidden('verify.no_factor');
    await requireRecentVerification(db, request, userId);
    const row = await requireChannelRow(context, readId((request.params as { id: string }).id));
    reply.header('Cache-Control', 'no-store');
    return ok({ key: row.key });
  });
}
