/**
 * A user's own API tokens (docs/reference/console-api.md "Tokens", docs/reference/console-validation.md "Token form"): keys of 48 alphanumerics (shown as
 * sk-<key>), quota, expiry, model limits, IP allow-list, group, traffic limits (docs/limits.md). Every write
 * refreshes the relay cache.
 */

import type { z } from 'zod';
import type { Page } from '../../../../common/api-types.ts';
import { TokenStatus } from '../../../../common/statuses.ts';
import { hasLimits } from '../../../../common/traffic-limits.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { insertReturningId } from '../../db/insert.ts';
import { containsText } from '../../db/like.ts';
import { deletedAtNow } from '../../db/soft-delete.ts';
import { businessFailure, notFound } from '../../lib/errors.ts';
import { randomAlphanumeric } from '../../lib/random.ts';
import { invalidAllowListEntries } from '../../relay/cache/ip-allow-list.ts';
import { limitScopes } from '../../relay/call/call-limits.ts';
import { listPage, type Paging } from '../reply.ts';
import { usableGroups } from '../users/account-service.ts';
import { limitsColumn } from './limits-fields.ts';
import type { tokenFields, updateTokenInput } from './schemas.ts';
import { type TokenRow, type TokenView, toLiveTokenView } from './view.ts';

export const TOKEN_KEY_LENGTH = 48;
const NAME_MAX_LENGTH = 50;

type TokenFields = z.infer<typeof tokenFields>;
type TokenValues = Partial<Omit<TokenRow, 'id' | 'user_id' | 'key'>>;

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function normalizeTokenFields(
  context: AppContext,
  user: AuthUser,
  fields: TokenFields,
  isCreate: boolean,
): TokenValues {
  const values: TokenValues = {};
  if (fields.name !== undefined || isCreate) {
    const name = (fields.name ?? '').trim();
    if (!name) throw businessFailure('token.name_required');
    if ([...name].length > NAME_MAX_LENGTH)
      throw businessFailure('token.name_too_long', { max: NAME_MAX_LENGTH });
    values.name = name;
  }
  if (fields.remain_quota !== undefined) {
    if (!Number.isSafeInteger(fields.remain_quota) || fields.remain_quota < 0)
      throw businessFailure('token.quota_invalid');
    values.remain_quota = fields.remain_quota;
  }
  if (fields.expired_time !== undefined) {
    if (fields.expired_time !== -1 && fields.expired_time <= 0) throw businessFailure('token.expiry_invalid');
    values.expired_time = fields.expired_time;
  }
  if (fields.unlimited_quota !== undefined) values.unlimited_quota = fields.unlimited_quota ? 1 : 0;
  if (fields.model_limits_enabled !== undefined)
    values.model_limits_enabled = fields.model_limits_enabled ? 1 : 0;
  if (fields.model_limits !== undefined) {
    values.model_limits = [
      ...new Set(
        fields.model_limits
          .split(',')
          .map((model) => model.trim())
          .filter(Boolean),
      ),
    ].join(',');
  }
  if (fields.allow_ips !== undefined) {
    const text = (fields.allow_ips ?? '').trim();
    const invalid = invalidAllowListEntries(text);
    if (invalid.length > 0) throw businessFailure('token.allow_ips_invalid', { entries: invalid.join(', ') });
    values.allow_ips = text;
  }
  if (fields.group !== undefined) {
    const group = fields.group.trim();
    if (group && !Object.hasOwn(usableGroups(context, user.group), group)) {
      throw businessFailure('token.group_unusable', { group });
    }
    values.group = group;
  }
  // The owner's own key limits only ever add checks: the user's and the group's limits still apply.
  if (fields.limits !== undefined) values.limits = limitsColumn(fields.limits, false);
  return values;
}

async function ownToken(context: AppContext, user: AuthUser, id: number): Promise<TokenRow> {
  const row = await context.database.db
    .selectFrom('tokens')
    .selectAll()
    .where('id', '=', id)
    .where('user_id', '=', user.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('token.not_found');
  return row;
}

function usableStatus(row: TokenRow, values: TokenValues): number {
  const expiredTime = Number(values.expired_time ?? row.expired_time);
  if (expiredTime !== -1 && expiredTime <= now()) return TokenStatus.expired;
  const unlimited = Boolean(values.unlimited_quota ?? row.unlimited_quota);
  if (!unlimited && Number(values.remain_quota ?? row.remain_quota) <= 0) return TokenStatus.exhausted;
  return TokenStatus.enabled;
}

/** Enabling is refused for an expired or used-up token (the console shows why). */
function checkEnable(row: TokenRow, values: TokenValues): void {
  const expiredTime = Number(values.expired_time ?? row.expired_time);
  if (expiredTime !== -1 && expiredTime <= now()) throw businessFailure('token.expired_cannot_enable');
  const unlimited = Boolean(values.unlimited_quota ?? row.unlimited_quota);
  if (!unlimited && Number(values.remain_quota ?? row.remain_quota) <= 0)
    throw businessFailure('token.exhausted_cannot_enable');
}

function checkModelLimits(enabled: unknown, list: string | null | undefined): void {
  if (enabled && !list) throw businessFailure('token.model_limits_empty');
}

export async function createToken(
  context: AppContext,
  user: AuthUser,
  fields: TokenFields,
): Promise<TokenView> {
  const values = normalizeTokenFields(context, user, fields, true);
  checkModelLimits(values.model_limits_enabled, values.model_limits);
  const { db, dialect } = context.database;
  for (let attempt = 0; attempt < 5; attempt += 1) {
    try {
      const id = await insertReturningId(db, dialect, 'tokens', {
        ...values,
        user_id: user.id,
        key: randomAlphanumeric(TOKEN_KEY_LENGTH),
        status: TokenStatus.enabled,
        created_time: now(),
        accessed_time: now(),
        expired_time: values.expired_time ?? -1,
        remain_quota: values.remain_quota ?? 0,
      });
      await context.accounts.refreshToken(id);
      return toLiveTokenView(await ownToken(context, user, id), context);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
    }
  }
  throw new Error('could not generate a unique token key');
}

export async function updateToken(
  context: AppContext,
  user: AuthUser,
  input: z.infer<typeof updateTokenInput>,
  statusOnly: boolean,
): Promise<TokenView> {
  const row = await ownToken(context, user, input.id);
  const values = statusOnly ? {} : normalizeTokenFields(context, user, input, false);
  if (!statusOnly)
    checkModelLimits(
      values.model_limits_enabled ?? row.model_limits_enabled,
      values.model_limits ?? row.model_limits,
    );
  if (input.status !== undefined) {
    if (input.status !== TokenStatus.enabled && input.status !== TokenStatus.disabled) {
      throw businessFailure('token.status_invalid');
    }
    if (input.status === TokenStatus.enabled) checkEnable(row, values);
    values.status = input.status;
  } else if (row.status !== TokenStatus.disabled) {
    // The status follows the saved expiry and quota: a past expiry shows as expired, no quota as
    // exhausted, and fixing either makes an expired/exhausted token usable again (as in new-api).
    values.status = usableStatus(row, values);
  }
  const { remain_quota: remainQuota, ...otherValues } = values;
  if (Object.keys(otherValues).length > 0)
    await context.database.db.updateTable('tokens').set(otherValues).where('id', '=', row.id).execute();
  // The remaining quota replaces the live balance (server/src/relay/cache/account-cache.ts setBalance).
  if (remainQuota !== undefined && remainQuota !== null)
    await context.accounts.setBalance('token', row.id, Number(remainQuota));
  await context.accounts.refreshToken(row.id);
  return toLiveTokenView(await ownToken(context, user, row.id), context);
}

export async function deleteToken(context: AppContext, user: AuthUser, id: number): Promise<void> {
  const row = await ownToken(context, user, id);
  await context.database.db
    .updateTable('tokens')
    .set({ deleted_at: deletedAtNow(context.database.dialect) })
    .where('id', '=', row.id)
    .execute();
  await context.accounts.refreshToken(row.id);
}

/** Adds `limit_usage` to the views of keys that have limits (a page's rows, one token), asking the limiter. */
async function withLimitUsage(context: AppContext, views: TokenView[]): Promise<void> {
  await Promise.all(
    views.map(async (view) => {
      const { limits } = view;
      if (limits && hasLimits(limits))
        view.limit_usage = await context.limiter.usage({ scope: limitScopes.key(view.id), limits });
    }),
  );
}

export async function getToken(context: AppContext, user: AuthUser, id: number): Promise<TokenView> {
  const view = toLiveTokenView(await ownToken(context, user, id), context);
  await withLimitUsage(context, [view]);
  return view;
}

export async function listTokens(
  context: AppContext,
  user: AuthUser,
  search: { keyword?: string; token?: string },
  paging: Paging,
): Promise<Page<TokenView>> {
  let query = context.database.db
    .selectFrom('tokens')
    .where('user_id', '=', user.id)
    .where('deleted_at', 'is', null);
  if (search.keyword?.trim()) query = query.where(containsText('name', search.keyword.trim()));
  const key = search.token?.trim().replace(/^sk-/, '');
  if (key) query = query.where(containsText('key', key));
  const page = await listPage(query, query.selectAll().orderBy('id', 'desc'), paging, (row) =>
    toLiveTokenView(row, context),
  );
  await withLimitUsage(context, page.items);
  return page;
}
