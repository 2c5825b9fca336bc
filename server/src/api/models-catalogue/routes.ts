/**
 * The model catalogue (docs/model-catalogue.md): vendors and model metadata, the console API routes
 * (new-api's /api/vendors and /api/models groups, administrators only), and the price sync
 * (../price-sync/routes.ts, root only).
 */
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { registerPriceSyncRoutes } from '../price-sync/routes.ts';
import { ok, parseInput, readId, readPaging } from '../reply.ts';
import { modelInput, modelStatusInput, vendorInput } from './schemas.ts';
import {
  createModel,
  createVendor,
  deleteModel,
  deleteVendor,
  getModel,
  getVendor,
  listModels,
  listVendors,
  missingModels,
  setModelStatus,
  updateModel,
  updateVendor,
} from './service.ts';

type Query = Record<string, string | undefined>;

function statusFilter(value: string | undefined): number | undefined {
  return value === '0' || value === '1' ? Number(value) : undefined;
}

export async function registerCatalogueRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const asAdmin = { preHandler: requireRole(context, Role.admin) };

  app.get('/api/vendors/', asAdmin, async (request) =>
    ok(await listVendors(context, '', readPaging(request.query as Query))),
  );
  app.get('/api/vendors/search', asAdmin, async (request) => {
    const query = request.query as Query;
    return ok(await listVendors(context, query.keyword?.trim() ?? '', readPaging(query)));
  });
  app.get('/api/vendors/:id', asAdmin, async (request) =>
    ok(await getVendor(context, readId((request.params as { id: string }).id))),
  );
  app.post('/api/vendors/', asAdmin, async (request) =>
    ok(await createVendor(context, parseInput(vendorInput, request.body))),
  );
  app.put('/api/vendors/', asAdmin, async (request) =>
    ok(await updateVendor(context, parseInput(vendorInput, request.body))),
  );
  app.delete('/api/vendors/:id', asAdmin, async (request) => {
    await deleteVendor(context, readId((request.params as { id: string }).id));
    return ok();
  });

  // GET /api/models (no id) is the console's model list by channel type (../channels/routes.ts), so the
  // catalogue's list is read from /api/models/search, with or without a keyword.
  app.get('/api/models/search', asAdmin, async (request) => {
    const query = request.query as Query;
    const filter = { keyword: query.keyword?.trim() ?? '', vendor: query.vendor?.trim() ?? '' };
    const status = statusFilter(query.status);
    return ok(
      await listModels(context, status === undefined ? filter : { ...filter, status }, readPaging(query)),
    );
  });
  app.get('/api/models/missing', asAdmin, async () => ok(await missingModels(context)));
  app.get('/api/models/:id', asAdmin, async (request) =>
    ok(await getModel(context, readId((request.params as { id: string }).id))),
  );
  app.post('/api/models/', asAdmin, async (request) =>
    ok(await createModel(context, parseInput(modelInput, request.body))),
  );
  app.put('/api/models/', asAdmin, async (request) => {
    if ((request.query as Query).status_only === 'true') {
      const { id, status } = parseInput(modelStatusInput, request.body);
      return ok(await setModelStatus(context, id, status));
    }
    return ok(await updateModel(context, parseInput(modelInput, request.body)));
  });
  app.delete('/api/models/:id', asAdmin, async (request) => {
    await deleteModel(context, readId((request.params as { id: string }).id));
    return ok();
  });

  await registerPriceSyncRoutes(app, context);
}
