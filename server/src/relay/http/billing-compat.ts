/**
 * OpenAI's old billing dashboard endpoints, which many clients poll for a key's balance:
 * `GET /dashboard/billing/subscription` and `GET /dashboard/billing/usage`, also under `/v1`. Authenticated
 * by the `sk-` key; the amounts are new-api's (controller/billing.go there):
 * - with DisplayTokenStatEnabled, the key's own figures: its limit is what it has left plus what it has used
 *   (an unlimited key: 100,000,000), `access_until` its expiry (0 when it never expires);
 * - otherwise its user's: the user's quota left plus used, `access_until` 0;
 * - in USD (quota ÷ QuotaPerUnit) when DisplayInCurrencyEnabled, else in raw quota units;
 * - usage `total_usage` is the amount used × 100 (OpenAI's cents).
 * Used quota is not held in memory: it is read from the database (plus what the writer has queued), one
 * indexed row per poll — these are not relay calls.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { CachedToken } from '../cache/account-cache.ts';
import { authenticateKey, type RelayCaller } from './auth.ts';

/** What new-api answers for an unlimited key's limit. */
export const UNLIMITED_AMOUNT = 100_000_000;

/** A quota as the dashboard shows it: USD when DisplayInCurrencyEnabled, else the quota itself. */
export function displayAmount(quota: number, quotaPerUnit: number, inCurrency: boolean): number {
  return inCurrency ? quota / Math.max(1, quotaPerUnit) : quota;
}

async function usedQuotaOf(context: AppContext, table: 'tokens' | 'users', id: number): Promise<number> {
  const row = await context.database.db
    .selectFrom(table)
    .select('used_quota')
    .where('id', '=', id)
    .executeTakeFirst();
  return Number(row?.used_quota ?? 0) + context.writer.pendingDelta(table, id, 'used_quota');
}

/** Whether the figures are the key's own (DisplayTokenStatEnabled) rather than its user's. */
function keyFigures(
  context: AppContext,
  caller: RelayCaller,
): caller is RelayCaller & { token: CachedToken } {
  return context.options.getBoolean('DisplayTokenStatEnabled') && caller.token !== null;
}

export async function registerBillingCompatRoutes(
  scope: FastifyInstance,
  context: AppContext,
): Promise<void> {
  const amount = (quota: number) =>
    displayAmount(
      quota,
      context.options.getNumber('QuotaPerUnit'),
      context.options.getBoolean('DisplayInCurrencyEnabled'),
    );

  for (const prefix of ['', '/v1']) {
    scope.get(`${prefix}/dashboard/billing/subscription`, async (request) => {
      const caller = authenticateKey(context, request, 'openai');
      let limit: number;
      let accessUntil = 0;
      if (keyFigures(context, caller)) {
        const token = caller.token;
        limit = token.unlimited
          ? UNLIMITED_AMOUNT
          : amount(token.remainQuota + (await usedQuotaOf(context, 'tokens', token.id)));
        accessUntil = Math.max(0, token.expiredTime);
      } else {
        limit = amount(caller.user.quota + (await usedQuotaOf(context, 'users', caller.user.id)));
      }
      return {
        object: 'billing_subscription',
        has_payment_method: true,
        soft_limit_usd: limit,
        hard_limit_usd: limit,
        system_hard_limit_usd: limit,
        access_until: accessUntil,
      };
    });

    scope.get(`${prefix}/dashboard/billing/usage`, async (request) => {
      const caller = authenticateKey(context, request, 'openai');
      const used = keyFigures(context, caller)
        ? await usedQuotaOf(context, 'tokens', caller.token.id)
        : await usedQuotaOf(context, 'users', caller.user.id);
      return { object: 'list', total_usage: amount(used) * 100 };
    });
  }
}
