/**
 * The price sync's routes (root only, as new-api's /api/ratio_sync group): the sources on offer, the
 * preview of what would change, and applying the chosen rows. Mounted by ../models-catalogue/routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import './messages.ts';
import { ok, parseInput } from '../reply.ts';
import { applySync, PRESET_SOURCES, previewSync, type Upstream } from './service.ts';
import { SYNC_FIELDS } from './sources.ts';

const MAX_SOURCES = 32;

const fetchInput = z.strictObject({
  upstreams: z
    .array(
      z.object({
        id: z.number().int().optional(),
        name: z.string().max(128).default(''),
        base_url: z.string().trim().min(1).max(2048),
        endpoint: z.string().trim().max(2048).optional(),
      }),
    )
    .max(MAX_SOURCES)
    .optional(),
  channel_ids: z.array(z.number().int().positive()).max(MAX_SOURCES).optional(),
  timeout: z.number().int().min(1).max(60).optional(),
});

const price = z.number().finite().min(0);
const applyInput = z.strictObject({
  changes: z.record(
    z.string().trim().min(1).max(255),
    z.strictObject(Object.fromEntries(SYNC_FIELDS.map((field) => [field, price.optional()]))),
  ),
});

async function channelSources(context: AppContext, ids: readonly number[]): Promise<Upstream[]> {
  if (ids.length === 0) return [];
  const rows = await context.database.db
    .selectFrom('channels')
    .select(['id', 'name', 'base_url'])
    .where('id', 'in', [...ids])
    .execute();
  return rows
    .filter((row) => /^https?:\/\//i.test(row.base_url ?? ''))
    .map((row) => ({ name: `${row.name}(${row.id})`, base_url: row.base_url as string }));
}

export async function registerPriceSyncRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const rootOnly = { preHandler: requireRole(context, Role.root) };

  /** Channels with an http(s) base URL (another gateway's /api/pricing), new-api's presets, the saved sources. */
  app.get('/api/ratio_sync/channels', rootOnly, async () => {
    const channels = await context.database.db
      .selectFrom('channels')
      .select(['id', 'name', 'base_url', 'status'])
      .orderBy('id')
      .execute();
    const saved = context.options.getJson<string[] | null>('PriceSyncSources') ?? [];
    return ok([
      ...PRESET_SOURCES.map((preset) => ({ ...preset, status: 1 })),
      ...saved.map((url, index) => ({
        id: -(200 + index),
        name: url,
        base_url: url,
        endpoint: url,
        status: 1,
      })),
      ...channels
        .filter((channel) => /^https?:\/\//i.test(channel.base_url ?? ''))
        .map((channel) => ({
          id: channel.id,
          name: channel.name,
          base_url: channel.base_url,
          status: channel.status,
        })),
    ]);
  });

  app.post('/api/ratio_sync/fetch', rootOnly, async (request) => {
    const input = parseInput(fetchInput, request.body);
    const upstreams: Upstream[] = [
      ...(input.upstreams ?? []),
      ...(await channelSources(context, input.channel_ids ?? [])),
    ];
    if (upstreams.length === 0) throw badRequest('price_sync.no_source');
    return ok(await previewSync(context, upstreams, input.timeout ?? 10));
  });

  app.post('/api/ratio_sync/apply', rootOnly, async (request) =>
    ok(await applySync(context, parseInput(applyInput, request.body).changes)),
  );
}
