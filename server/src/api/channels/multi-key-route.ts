/** POST /api/channel/multi_key/manage: a multi-key channel's keys (./multi-keys.ts), for administrators. */
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { translate } from '../../lib/messages.ts';
import { ok, parseInput } from '../reply.ts';
import { manageMultiKeys } from './multi-keys.ts';
import { multiKeyManageInput } from './schemas.ts';

export function registerMultiKeyRoute(app: FastifyInstance, context: AppContext): void {
  app.post(
    '/api/channel/multi_key/manage',
    { preHandler: requireRole(context, Role.admin) },
    async (request) => {
      const input = parseInput(multiKeyManageInput, request.body);
      const answer = await manageMultiKeys(context, input, request.user!.role >= Role.root);
      if ('page' in answer) return ok(answer.page);
      return ok(undefined, translate(answer.message, request.language, { count: answer.count }));
    },
  );
}
