/**
 * GET /v1/models (the models the key may use), GET /v1/models/{model}, and the OpenAI billing
 * dashboard endpoints some clients read: /dashboard/billing/subscription and /usage (also under /v1).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { AUTO_GROUP } from '../../../common/limits.ts';
import type { AppContext } from '../context.ts';
import { authenticateKey, type RelayCaller } from './auth.ts';
import { relayError } from './errors.ts';
import { autoGroupModels } from './routing/auto-group.ts';

const CREATED = 1_677_649_963;

export function usableModels(context: AppContext, caller: RelayCaller): string[] {
  const models =
    caller.usingGroup === AUTO_GROUP
      ? autoGroupModels(context, caller)
      : context.channelCache.modelsOfGroup(caller.usingGroup);
  const limits = caller.token?.modelLimits;
  return (limits ? models.filter((model) => limits.has(model)) : models).sort();
}

function modelObject(id: string) {
  return { id, object: 'model', created: CREATED, owned_by: 'switchyard' };
}

/** Anthropic's model object (a Claude client sends `anthropic-version`). */
function claudeModelObject(id: string) {
  return { type: 'model', id, display_name: id, created_at: new Date(CREATED * 1000).toISOString() };
}

function isClaudeClient(request: FastifyRequest): boolean {
  return typeof request.headers['anthropic-version'] === 'string';
}

export async function registerModelRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  // One path, two clients: Claude clients (anthropic-version, key in x-api-key) get Anthropic's list shape.
  scope.get('/v1/models', async (request) => {
    const claude = isClaudeClient(request);
    const caller = authenticateKey(context, request, claude ? 'claude' : 'openai');
    const models = usableModels(context, caller);
    if (!claude) return { object: 'list', data: models.map(modelObject) };
    return {
      data: models.map(claudeModelObject),
      has_more: false,
      first_id: models[0] ?? null,
      last_id: models.at(-1) ?? null,
    };
  });

  scope.get('/v1/models/:model', async (request) => {
    const claude = isClaudeClient(request);
    const caller = authenticateKey(context, request, claude ? 'claude' : 'openai');
    const model = (request.params as { model: string }).model;
    if (!usableModels(context, caller).includes(model))
      throw relayError(404, 'model_not_found', `model ${model} does not exist`);
    return claude ? claudeModelObject(model) : modelObject(model);
  });

  const quotaPerUnit = () => Math.max(1, context.options.getNumber('QuotaPerUnit'));

  for (const prefix of ['', '/v1']) {
    scope.get(`${prefix}/dashboard/billing/subscription`, async (request) => {
      const caller = authenticateKey(context, request, 'openai');
      const token = caller.token;
      const useTokenQuota =
        context.options.getBoolean('DisplayTokenStatEnabled') && token && !token.unlimited;
      const remaining = useTokenQuota ? token.remainQuota : caller.user.quota;
      const limitUsd = remaining / quotaPerUnit();
      const expiresAt = token && token.expiredTime > 0 ? token.expiredTime : 0;
      return {
        object: 'billing_subscription',
        has_payment_method: true,
        soft_limit_usd: limitUsd,
        hard_limit_usd: limitUsd,
        system_hard_limit_usd: limitUsd,
        access_until: expiresAt,
      };
    });

    scope.get(`${prefix}/dashboard/billing/usage`, async (request) => {
      const caller = authenticateKey(context, request, 'openai');
      const token = caller.token;
      const useTokenQuota = context.options.getBoolean('DisplayTokenStatEnabled') && token;
      let usedQuota: number;
      if (useTokenQuota) {
        const row = await context.database.db
          .selectFrom('tokens')
          .select('used_quota')
          .where('id', '=', token.id)
          .executeTakeFirst();
        usedQuota =
          Number(row?.used_quota ?? 0) + context.writer.pendingDelta('tokens', token.id, 'used_quota');
      } else {
        const row = await context.database.db
          .selectFrom('users')
          .select('used_quota')
          .where('id', '=', caller.user.id)
          .executeTakeFirst();
        usedQuota =
          Number(row?.used_quota ?? 0) + context.writer.pendingDelta('users', caller.user.id, 'used_quota');
      }
      return { object: 'list', total_usage: (usedQuota / quotaPerUnit()) * 100 };
    });
  }
}
