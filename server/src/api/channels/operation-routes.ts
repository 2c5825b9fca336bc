/**
 * Channel operations of the console (docs/reference/console-api.md "Channels"): tests, balances, upstream model lists,
 * batch and tag operations, upstream detection. Thin: parse, authorise, call the services.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { BalanceReply, ChannelTestReply } from '../../../../common/api/channels.ts';
import { channelTypeNames } from '../../../../common/channel-types.ts';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { isRunning, refreshAllBalances, refreshBalance, testAllChannels } from '../../jobs/channel-jobs.ts';
import { businessFailure, notFound } from '../../lib/errors.ts';
import { type Language, translate } from '../../lib/messages.ts';
import { toCachedChannel } from '../../relay/cache/channel-cache.ts';
import {
  AccountQueryError,
  fetchUpstreamModels,
  UnsupportedQueryError,
} from '../../relay/providers/account-queries.ts';
import { testChannel } from '../../relay/routing/channel-test.ts';
import { formId, formInteger } from '../form-input.ts';
import { describeFetchedModels } from '../models-catalogue/fetched-descriptions.ts';
import '../models-catalogue/messages.ts';
import { ok, parseInput, readId } from '../reply.ts';
import {
  deleteChannels,
  deleteDisabledChannels,
  editTag,
  fixAbilities,
  setTagStatus,
  tagChannels,
} from './batch-service.ts';
import { type ModelDescription, modelDescriptions, recordingContext } from './model-metadata.ts';
import { normalizeBaseUrl } from './normalize.ts';
import { requireChannelRow } from './service.ts';
import { detectUpstreamUsage } from './upstream-detection.ts';

const idsInput = z.object({ ids: z.array(formId).max(10_000) });
const batchTagInput = idsInput.extend({ tag: z.string().max(255).default('') });
const tagInput = z.object({ tag: z.string().max(255) });
const tagEditInput = z.object({
  tag: z.string().max(255),
  new_tag: z.string().max(255).nullish(),
  model_mapping: z.string().max(65_536).nullish(),
  groups: z.array(z.string().max(64)).optional(),
  models: z.string().max(65_536).optional(),
  priority: formInteger.optional(),
  weight: formInteger.optional(),
  header_override: z.string().max(65_536).nullish(),
});
const fetchModelsInput = z.object({
  base_url: z.string().max(512).default(''),
  type: formInteger,
  key: z.string().max(65_536).default(''),
});

export async function registerChannelOperationRoutes(
  app: FastifyInstance,
  context: AppContext,
): Promise<void> {
  const asAdmin = { preHandler: requireRole(context, Role.admin) };
  const channelOf = async (id: number) => toCachedChannel(await requireChannelRow(context, id));
  /**
   * The upstream's model ids, and what its list says of them written into the model catalogue
   * (./model-metadata.ts, docs/model-catalogue.md "Filled from fetched model lists"): `described` counts
   * the catalogue entries created or completed, and the message says so.
   */
  const modelsOf = async (channel: ReturnType<typeof toCachedChannel>, language: Language) => {
    const recording = recordingContext(context);
    let models: string[];
    try {
      models = await fetchUpstreamModels(recording.context, channel);
    } catch (error) {
      if (error instanceof UnsupportedQueryError)
        throw businessFailure('channel.balance_unsupported', { type: channel.type });
      throw businessFailure('channel.models_fetch_failed', { reason: (error as Error).message });
    }
    const listed = new Set(models);
    const descriptions = new Map<string, ModelDescription>();
    for (const reply of recording.replies) {
      for (const [id, description] of modelDescriptions(reply))
        if (listed.has(id) && !descriptions.has(id)) descriptions.set(id, description);
    }
    let described = 0;
    try {
      described = await describeFetchedModels(context, descriptions);
    } catch (error) {
      // The list is what was asked for: a catalogue write that fails does not take it away.
      context.logger.warn({ err: error }, 'describing fetched models in the catalogue failed');
    }
    const message =
      described > 0 ? translate('catalogue.models_described', language, { count: described }) : '';
    return { success: true, message, data: models, described };
  };

  app.get('/api/channel/test', asAdmin, async (request) => {
    if (isRunning('tests')) throw businessFailure('channel.test_running');
    void testAllChannels(context).catch((error: unknown) =>
      context.logger.error({ err: error }, 'testing all channels failed'),
    );
    return ok(undefined, translate('channel.test_started', request.language));
  });
  app.get('/api/channel/test/:id', asAdmin, async (request, reply) => {
    const id = readId((request.params as { id: string }).id);
    const model = (request.query as { model?: string }).model;
    const result = await testChannel(context, id, model);
    if (!result) throw notFound('channel.not_found');
    const message = result.success
      ? ''
      : translate('channel.test_failed', request.language, { reason: result.message });
    return reply.send({ success: result.success, message, time: result.time } satisfies ChannelTestReply);
  });

  app.get('/api/channel/update_balance', asAdmin, async (request) => {
    void refreshAllBalances(context).catch((error: unknown) =>
      context.logger.error({ err: error }, 'refreshing balances failed'),
    );
    return ok(undefined, translate('channel.balance_started', request.language));
  });
  app.get('/api/channel/update_balance/:id', asAdmin, async (request, reply) => {
    const id = readId((request.params as { id: string }).id);
    const channel = await channelOf(id);
    try {
      const balance = await refreshBalance(context, id);
      return reply.send({ success: true, message: '', balance } satisfies BalanceReply);
    } catch (error) {
      if (error instanceof UnsupportedQueryError) {
        throw businessFailure('channel.balance_unsupported', {
          type: channelTypeNames[channel.type] ?? channel.type,
        });
      }
      if (error instanceof AccountQueryError)
        throw businessFailure('channel.balance_failed', { reason: error.message });
      throw error;
    }
  });

  app.get('/api/channel/fetch_models/:id', asAdmin, async (request) =>
    modelsOf(await channelOf(readId((request.params as { id: string }).id)), request.language),
  );
  app.post('/api/channel/fetch_models', asAdmin, async (request) => {
    const input = parseInput(fetchModelsInput, request.body);
    const baseUrl = normalizeBaseUrl(input.base_url, context.config.upstreamAddressPolicy);
    const channel = toCachedChannel({
      id: 0,
      type: input.type,
      key: input.key.split('\n')[0]?.trim() ?? '',
      base_url: baseUrl,
      name: '',
      status: 1,
      group: 'default',
      models: '',
    } as Parameters<typeof toCachedChannel>[0]);
    return modelsOf(channel, request.language);
  });

  app.delete('/api/channel/disabled', asAdmin, async () => ok(await deleteDisabledChannels(context)));
  app.post('/api/channel/batch', asAdmin, async (request) => {
    const { ids } = parseInput(idsInput, request.body);
    if (ids.length === 0) throw businessFailure('channel.batch_empty');
    return ok(await deleteChannels(context, ids));
  });
  app.post('/api/channel/fix', asAdmin, async () => ok(await fixAbilities(context)));
  app.post('/api/channel/batch/tag', asAdmin, async (request) => {
    const { ids, tag } = parseInput(batchTagInput, request.body);
    return ok(await tagChannels(context, ids, tag));
  });
  app.put('/api/channel/tag', asAdmin, async (request) =>
    ok(await editTag(context, parseInput(tagEditInput, request.body))),
  );
  app.post('/api/channel/tag/enabled', asAdmin, async (request) =>
    ok(await setTagStatus(context, parseInput(tagInput, request.body).tag, 1)),
  );
  app.post('/api/channel/tag/disabled', asAdmin, async (request) =>
    ok(await setTagStatus(context, parseInput(tagInput, request.body).tag, 2)),
  );
  app.get('/api/channel/test_upstream/:id', asAdmin, async (request) => {
    const id = readId((request.params as { id: string }).id);
    await channelOf(id);
    return ok(await detectUpstreamUsage(context, id));
  });
}
