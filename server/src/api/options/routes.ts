/**
 * The option API (docs/reference/console-api.md "Options", docs/reference/api-rules.md), root only: list the non-secret options, set one key
 * per call, restore the built-in model pricing.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { OptionEntry } from '../../../../common/api/options.ts';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { modelPricingOptionKeys } from '../../options/catalogue.ts';
import { ok, parseInput } from '../reply.ts';

/** The console sends strings; numbers and booleans are accepted and converted as new-api does. */
const optionUpdate = z.object({
  key: z.string().trim().min(1).max(191),
  value: z.union([z.string(), z.number().finite(), z.boolean()]).transform((value) => String(value)),
});

export async function registerOptionRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const rootOnly = { preHandler: requireRole(context, Role.root) };

  app.get('/api/option/', rootOnly, async () => ok(context.options.listForConsole() satisfies OptionEntry[]));

  app.put('/api/option/', rootOnly, async (request) => {
    const { key, value } = parseInput(optionUpdate, request.body);
    await context.options.set(key, value);
    return ok();
  });

  app.post('/api/option/rest_model_ratio', rootOnly, async () => {
    for (const key of modelPricingOptionKeys) await context.options.reset(key);
    return ok();
  });
}
