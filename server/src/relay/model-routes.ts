/**
 * GET /v1/models (the models the key may use), GET /v1/models/{model}, and the OpenAI billing
 * dashboard endpoints some clients read: /dashboard/billing/subscription and /usage (also under /v1).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';
import { authenticateKey, type RelayCaller } from './auth.ts';
import { relayError } from './errors.ts';

const CREATED = 1_677_649_963;

export function usableModels(context: AppContext, caller: RelayCaller): string[] {
  const models = context.channelCache.modelsOfGroup(caller.usingGroup);
  const limits = caller.token?.modelLimits;
  return (limits ? models.filter((model) => limits.has(model)) : models).sort();
}

function modelObject(id: string) {
  return { id, object: 'model', created: CREATED, owned_by: 'switchyard' };
}

export async function registerModelRoutes(scope: FastifyInstance, context: AppContext): Promise<void> {
  scope.get('/v1/models', async (request) => {
    const caller = authenticateKey(context, request, 'openai');
    return { object: 'list', data: usableModels(context, caller).map(modelObject) };
  });

  scope.get('/v1/models/:model', async (request) => {
    const caller = authenticateKey(context, request, 'openai');
    const model = (request.params as { model: string }).model;
    if (!usableModels(context, caller).includes(model))
      throw relayError(404, 'model_not_found', `model ${model} does not exist`);
    return modelObject(model);
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
