/**
 * GET /api/pricing (public): every model with an enabled channel, its billing type, ratios or price and
 * the groups that can use it, plus the group ratios and the groups the caller may use; the catalogue's
 * vendor, icon, description and tags where it describes the model, filtered by `vendor`, `tag` and
 * `group` when asked (./catalogue-fields.ts). GET /api/ratio_config: the pricing options, while
 * ExposeRatioEnabled is on (new-api's route, read by other gateways' price sync).
 */
import type { FastifyInstance } from 'fastify';
import type { PricingModel, PricingReply } from '../../../../common/api/pricing.ts';
import { authenticate } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import {
  pricingTablesFromOptions,
  resolveGroupPricing,
  resolveModelPricing,
} from '../../relay/billing/pricing.ts';
import { catalogueSnapshot } from '../models-catalogue/catalogue-snapshot.ts';
import { localSyncData } from '../price-sync/service.ts';
import { ok } from '../reply.ts';
import { usableGroups } from '../users/account-service.ts';
import { describeAndFilter } from './catalogue-fields.ts';

export function pricingModels(context: AppContext): PricingModel[] {
  const tables = pricingTablesFromOptions(context.options);
  const models: PricingModel[] = [];
  for (const [model, groups] of [...context.channelCache.groupsByModel()].sort(([left], [right]) =>
    left.localeCompare(right),
  )) {
    const pricing = resolveModelPricing(model, tables);
    const entry: PricingModel = {
      model_name: model,
      quota_type: pricing?.kind === 'per_call' ? 1 : 0,
      model_ratio: pricing?.kind === 'per_token' ? pricing.modelRatio : 0,
      model_price: pricing?.kind === 'per_call' ? pricing.modelPrice : 0,
      completion_ratio: pricing?.kind === 'per_token' ? pricing.completionRatio : 0,
      enable_groups: groups.sort(),
    };
    // Tiers and tool prices (docs/reference/pricing-tiers.md): the expression's tiers with their ranges.
    if (pricing?.kind === 'per_token' && pricing.tiered) {
      entry.billing_mode = 'tiered_expr';
      entry.billing_expr = pricing.tiered.expr.source;
      entry.tiers = pricing.tiered.expr.tiers;
    }
    if (pricing?.tools) entry.tool_prices = { ...pricing.tools.prices };
    models.push(entry);
  }
  return models;
}

/** Group ratios as they apply to the caller: a group-to-group ratio of their group replaces the general one. */
function groupRatios(context: AppContext, userGroup: string | null): Record<string, number> {
  const general = context.options.getJson<Record<string, number>>('GroupRatio') ?? {};
  if (!userGroup) return { ...general };
  const tables = pricingTablesFromOptions(context.options);
  const result: Record<string, number> = {};
  for (const group of Object.keys(general))
    result[group] = resolveGroupPricing(userGroup, group, tables).groupRatio;
  return result;
}

export async function registerPricingRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  app.get('/api/pricing', async (request) => {
    const user = await authenticate(context, request).catch(() => null);
    const usable = user
      ? Object.fromEntries(
          Object.entries(usableGroups(context, user.group)).map(([group, info]) => [group, info.desc]),
        )
      : (context.options.getJson<Record<string, string>>('UserUsableGroups') ?? {});
    const query = request.query as Record<string, string | undefined>;
    const filter = { vendor: query.vendor, tag: query.tag, group: query.group };
    const { data, vendors } = describeAndFilter(
      pricingModels(context),
      await catalogueSnapshot(context),
      filter,
    );
    const reply = {
      success: true,
      message: '',
      data,
      group_ratio: groupRatios(context, user?.group ?? null),
      usable_group: usable,
    } satisfies PricingReply;
    return vendors.length > 0 ? { ...reply, vendors } : reply;
  });

  app.get('/api/ratio_config', async (_request, reply) => {
    if (!context.options.getBoolean('ExposeRatioEnabled'))
      return reply.code(403).send({ success: false, message: 'ratio configuration is not exposed' });
    return ok(localSyncData(context));
  });
}
