/** GET/POST /api/setup. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { translate } from '../../lib/messages.ts';
import { ok, parseInput } from '../reply.ts';
import { getSetupStatus, runSetup } from './service.ts';

const setupInput = z.object({
  username: z.string().max(255).default(''),
  password: z.string().max(255).default(''),
  confirmPassword: z.string().max(255).default(''),
  SelfUseModeEnabled: z.boolean().default(false),
  DemoSiteEnabled: z.boolean().default(false),
});

export async function registerSetupRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get('/api/setup', async () => ok(await getSetupStatus(context)));
  app.post('/api/setup', { config: { ipLimit: 'critical' } }, async (request) => {
    await runSetup(context, parseInput(setupInput, request.body));
    return ok(undefined, translate('setup.success', request.language));
  });
}
