/**
 * Redemption codes managed by administrators (docs/reference/console-screens.md "Redemption page", docs/reference/console-states.md redemption status, docs/reference/console-api.md
 * "Redemptions"): batches of 32-character keys created in one transaction, edits only while unused,
 * status toggled between unused and disabled, soft deletes.
 */
import type { z } from 'zod';
import type { Page } from '../../../../common/api-types.ts';
import { RedemptionStatus } from '../../../../common/statuses.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import { isUniqueViolation } from '../../db/errors.ts';
import { containsText } from '../../db/like.ts';
import { deletedAtNow } from '../../db/soft-delete.ts';
import { businessFailure, notFound } from '../../lib/errors.ts';
import { randomAlphanumeric } from '../../lib/random.ts';
import { listPage, type Paging } from '../reply.ts';
import type { createRedemptionInput, redemptionStatusInput, updateRedemptionInput } from './schemas.ts';
import { type RedemptionRow, type RedemptionView, toRedemptionView } from './view.ts';

export const REDEMPTION_KEY_LENGTH = 32;
export const REDEMPTION_NAME_MAX_LENGTH = 20;
export const REDEMPTION_BATCH_MAX = 100;
/** Fresh batches tried when a generated key collides with an existing one. */
const KEY_ATTEMPTS = 5;

export type KeyGenerator = () => string;

export const randomRedemptionKey: KeyGenerator = () => randomAlphanumeric(REDEMPTION_KEY_LENGTH);

function now(): number {
  return Math.floor(Date.now() / 1000);
}

function validName(name: string | undefined): string {
  const trimmed = (name ?? '').trim();
  const length = [...trimmed].length;
  if (length === 0 || length > REDEMPTION_NAME_MAX_LENGTH) {
    throw businessFailure('redemption.name_length', { max: REDEMPTION_NAME_MAX_LENGTH });
  }
  return trimmed;
}

function validQuota(quota: number): number {
  if (!Number.isSafeInteger(quota) || quota <= 0) throw businessFailure('redemption.quota_invalid');
  return quota;
}

function validCount(count: number | undefined): number {
  const value = count ?? 1;
  if (!Number.isInteger(value) || value < 1 || value > REDEMPTION_BATCH_MAX) {
    throw businessFailure('redemption.count_invalid', { max: REDEMPTION_BATCH_MAX });
  }
  return value;
}

async function liveRedemption(context: AppContext, id: number): Promise<RedemptionRow> {
  const row = await context.database.db
    .selectFrom('redemptions')
    .selectAll()
    .where('id', '=', id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!row) throw notFound('redemption.not_found');
  return row;
}

/** `count` distinct keys (a duplicate inside one batch is simply drawn again). */
function distinctKeys(count: number, generateKey: KeyGenerator): string[] {
  const keys = new Set<string>();
  while (keys.size < count) keys.add(generateKey());
  return [...keys];
}

/**
 * Creates `count` codes in one transaction and returns their keys. A key that collides with a stored
 * one makes the whole batch roll back and a fresh batch is drawn (a failed statement aborts a
 * PostgreSQL transaction, so retrying a single row inside it is not an option).
 */
export async function createRedemptions(
  context: AppContext,
  actor: AuthUser,
  input: z.infer<typeof createRedemptionInput>,
  generateKey: KeyGenerator = randomRedemptionKey,
): Promise<string[]> {
  const name = validName(input.name);
  const quota = validQuota(input.quota);
  const count = validCount(input.count);
  for (let attempt = 1; ; attempt += 1) {
    const keys = distinctKeys(count, generateKey);
    const createdTime = now();
    try {
      await context.database.db.transaction().execute(async (transaction) => {
        await transaction
          .insertInto('redemptions')
          .values(
            keys.map((key) => ({
              user_id: actor.id,
              key,
              status: RedemptionStatus.unused,
              name,
              quota,
              created_time: createdTime,
              redeemed_time: 0,
              used_user_id: 0,
              expired_time: 0,
            })),
          )
          .execute();
      });
      return keys;
    } catch (error) {
      if (!isUniqueViolation(error) || attempt >= KEY_ATTEMPTS) throw error;
    }
  }
}

export async function getRedemption(context: AppContext, id: number): Promise<RedemptionView> {
  return toRedemptionView(await liveRedemption(context, id));
}

/** Newest first; the keyword matches the name, or the id when it is a number. */
export async function listRedemptions(
  context: AppContext,
  keyword: string,
  paging: Paging,
): Promise<Page<RedemptionView>> {
  let query = context.database.db.selectFrom('redemptions').where('deleted_at', 'is', null);
  const text = keyword.trim();
  if (text) {
    const id = /^\d{1,15}$/.test(text) ? Number(text) : null;
    query = query.where((builder) =>
      id === null
        ? containsText('name', text)
        : builder.or([containsText('name', text), builder('id', '=', id)]),
    );
  }
  return listPage(query, query.selectAll().orderBy('id', 'desc'), paging, toRedemptionView);
}

/**
 * Changes name and quota of an unused code. The UPDATE itself requires status 1, so a code redeemed
 * or disabled while the administrator edited it is refused rather than changed.
 */
export async function updateRedemption(
  context: AppContext,
  input: z.infer<typeof updateRedemptionInput>,
): Promise<RedemptionView> {
  const row = await liveRedemption(context, input.id);
  if (row.status !== RedemptionStatus.unused) throw businessFailure('redemption.edit_not_unused');
  const changes: { name?: string; quota?: number } = {};
  if (input.name !== undefined) changes.name = validName(input.name);
  if (input.quota !== undefined) changes.quota = validQuota(input.quota);
  if (Object.keys(changes).length > 0) {
    const result = await context.database.db
      .updateTable('redemptions')
      .set(changes)
      .where('id', '=', row.id)
      .where('status', '=', RedemptionStatus.unused)
      .where('deleted_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) throw businessFailure('redemption.edit_not_unused');
  }
  return toRedemptionView(await liveRedemption(context, row.id));
}

/** Switches between unused (1) and disabled (2); a used code keeps its status. */
export async function updateRedemptionStatus(
  context: AppContext,
  input: z.infer<typeof redemptionStatusInput>,
): Promise<RedemptionView> {
  if (input.status !== RedemptionStatus.unused && input.status !== RedemptionStatus.disabled) {
    throw businessFailure('redemption.status_invalid');
  }
  const row = await liveRedemption(context, input.id);
  if (row.status === RedemptionStatus.used) throw businessFailure('redemption.used_status_fixed');
  const result = await context.database.db
    .updateTable('redemptions')
    .set({ status: input.status })
    .where('id', '=', row.id)
    .where('status', '!=', RedemptionStatus.used)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  // Redeemed between the read and the update.
  if (Number(result.numUpdatedRows) === 0) throw businessFailure('redemption.used_status_fixed');
  return toRedemptionView(await liveRedemption(context, row.id));
}

export async function deleteRedemption(context: AppContext, id: number): Promise<void> {
  const row = await liveRedemption(context, id);
  await context.database.db
    .updateTable('redemptions')
    .set({ deleted_at: deletedAtNow(context.database.dialect) })
    .where('id', '=', row.id)
    .execute();
}

/** Soft-deletes every code that can no longer be redeemed: used, disabled, or past its expiry. */
export async function deleteInvalidRedemptions(context: AppContext): Promise<number> {
  const result = await context.database.db
    .updateTable('redemptions')
    .set({ deleted_at: deletedAtNow(context.database.dialect) })
    .where('deleted_at', 'is', null)
    .where((builder) =>
      builder.or([
        builder('status', 'in', [RedemptionStatus.used, RedemptionStatus.disabled]),
        builder.and([builder('expired_time', '!=', 0), builder('expired_time', '<', now())]),
      ]),
    )
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
