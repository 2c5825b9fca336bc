/** /api/channel/* and /api/models: channel administration (admins; keys only to root, through ./key-view.ts). */
import type { FastifyInstance } from 'fastify';
import type { CreateChannelsResult, KnownModel } from '../../../../common/api/channels.ts';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { ok, parseInput, readId, readPaging } from '../reply.ts';
import { registerChannelKeyRoute } from './key-view.ts';
import { allKnownModels, modelsByChannelType } from './model-lists.ts';
import { registerMultiKeyRoute } from './multi-key-route.ts';
import { registerChannelOperationRoutes } from './operation-routes.ts';
import { createChannelInput, updateChannelInput } from './schemas.ts';
import { createChannels, deleteChannel, getChannel, listChannels, updateChannel } from './service.ts';

export async function registerChannelRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await registerChannelOperationRoutes(app, context);
  registerMultiKeyRoute(app, context);
  registerChannelKeyRoute(app, context);
  const asAdmin = { preHandler: requireRole(context, Role.admin) };
  const asUser = { preHandler: requireRole(context, Role.common) };

  app.get('/api/channel/', asAdmin, async (request) => {
    const query = request.query as Record<string, string | undefined>;
    return ok(
      await listChannels(
        context,
        { idSort: query.id_sort === 'true', tagMode: query.tag_mode === 'true' },
        readPaging(query),
      ),
    );
  });
  app.get('/api/channel/search', asAdmin, async (request) => {
    const query = request.query as Record<string, string | undefined>;
    const search = {
      idSort: query.id_sort === 'true',
      tagMode: query.tag_mode === 'true',
      ...(query.keyword ? { keyword: query.keyword } : {}),
      ...(query.group ? { group: query.group } : {}),
      ...(query.model ? { model: query.model } : {}),
    };
    return ok(await listChannels(context, search, readPaging(query)));
  });
  app.get('/api/channel/models', asAdmin, async () => ok(allKnownModels().map((id): KnownModel => ({ id }))));
  app.get('/api/channel/models_enabled', asAdmin, async () => ok(context.channelCache.enabledModels()));
  // Never the key, not even to root: root reads it through POST /api/channel/:id/key after asking again.
  app.get('/api/channel/:id', asAdmin, async (request) =>
    ok(await getChannel(context, readId((request.params as { id: string }).id), false)),
  );
  app.post('/api/channel/', asAdmin, async (request) => {
    const input = parseInput(createChannelInput, request.body);
    const [fields, mode] =
      'channel' in input && input.channel
        ? [input.channel, { mode: input.mode, multiKeyMode: input.multi_key_mode }]
        : [input, { mode: 'single' as const }];
    const ids = await createChannels(context, fields as Parameters<typeof createChannels>[1], mode);
    return ok({ ids, count: ids.length } satisfies CreateChannelsResult);
  });
  app.put('/api/channel/', asAdmin, async (request) => {
    const input = parseInput(updateChannelInput, request.body);
    const { id, key_mode, multi_key_mode, ...fields } = input;
    const keyChange = {
      ...(key_mode ? { keyMode: key_mode } : {}),
      ...(multi_key_mode ? { multiKeyMode: multi_key_mode } : {}),
    };
    return ok(await updateChannel(context, id, fields, request.user!.role >= Role.root, keyChange));
  });
  app.delete('/api/channel/:id', asAdmin, async (request) => {
    await deleteChannel(context, readId((request.params as { id: string }).id));
    return ok();
  });

  app.get('/api/models', asUser, async () => ok(modelsByChannelType()));
}
