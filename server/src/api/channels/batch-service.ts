/**
 * Channel operations on many channels at once (docs/reference/console-api.md "Channels", docs/reference/console-validation.md "Tag edit", "Batch tag"): delete
 * disabled, batch delete, fix abilities, batch tag, tag edit, tag enable/disable. Every change rewrites the
 * affected abilities in the same transaction and refreshes the relay's channel cache.
 */

import type { Transaction } from 'kysely';
import { ChannelStatus } from '../../../../common/statuses.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { businessFailure } from '../../lib/errors.ts';
import { isServedChannelType } from '../../relay/channel-types.ts';
import { rewriteAbilities } from './abilities.ts';
import { normalizeChannelFields } from './normalize.ts';

type Db = Transaction<Database>;

async function rewriteAll(transaction: Db, ids: readonly number[]): Promise<void> {
  if (ids.length === 0) return;
  const rows = await transaction
    .selectFrom('channels')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
  for (const row of rows) await rewriteAbilities(transaction, row);
}

async function changed<T>(context: AppContext, result: T): Promise<T> {
  await context.channelCache.changed();
  return result;
}

/** Deletes channels that are disabled (manually or automatically). Returns how many. */
export async function deleteDisabledChannels(context: AppContext): Promise<number> {
  const count = await context.database.db.transaction().execute(async (transaction) => {
    const rows = await transaction
      .selectFrom('channels')
      .select('id')
      .where('status', 'in', [ChannelStatus.manuallyDisabled, ChannelStatus.autoDisabled])
      .execute();
    const ids = rows.map((row) => row.id);
    if (ids.length === 0) return 0;
    await transaction.deleteFrom('abilities').where('channel_id', 'in', ids).execute();
    await transaction.deleteFrom('channels').where('id', 'in', ids).execute();
    return ids.length;
  });
  return changed(context, count);
}

export async function deleteChannels(context: AppContext, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const count = await context.database.db.transaction().execute(async (transaction) => {
    await transaction
      .deleteFrom('abilities')
      .where('channel_id', 'in', [...ids])
      .execute();
    const result = await transaction
      .deleteFrom('channels')
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  });
  return changed(context, count);
}

/** Rebuilds every channel's abilities from its models and groups (repairs drift). Returns channels fixed. */
export async function fixAbilities(context: AppContext): Promise<number> {
  const count = await context.database.db.transaction().execute(async (transaction) => {
    const rows = await transaction.selectFrom('channels').selectAll().execute();
    await transaction.deleteFrom('abilities').execute();
    for (const row of rows) await rewriteAbilities(transaction, row);
    return rows.length;
  });
  return changed(context, count);
}

export async function tagChannels(context: AppContext, ids: readonly number[], tag: string): Promise<number> {
  if (ids.length === 0) throw businessFailure('channel.batch_empty');
  const trimmed = tag.trim();
  if (!trimmed) throw businessFailure('channel.tag_empty');
  const count = await context.database.db.transaction().execute(async (transaction) => {
    const result = await transaction
      .updateTable('channels')
      .set({ tag: trimmed })
      .where('id', 'in', [...ids])
      .executeTakeFirst();
    await rewriteAll(transaction, ids);
    return Number(result.numUpdatedRows);
  });
  return changed(context, count);
}

export interface TagEdit {
  tag: string;
  new_tag?: string | null | undefined;
  model_mapping?: string | null | undefined;
  groups?: string[] | undefined;
  models?: string | undefined;
  priority?: number | undefined;
  weight?: number | undefined;
  header_override?: string | null | undefined;
}

/**
 * Edits every channel of a tag (docs/reference/console-validation.md "Tag edit"): absent or empty fields are unchanged; an empty
 * new_tag (given explicitly) dissolves the tag; nothing to change is refused with 'no modification'.
 */
export async function editTag(context: AppContext, edit: TagEdit): Promise<number> {
  const tag = edit.tag.trim();
  if (!tag) throw businessFailure('channel.tag_empty');
  const fields = normalizeChannelFields(
    {
      ...(edit.model_mapping ? { model_mapping: edit.model_mapping } : {}),
      ...(edit.groups && edit.groups.length > 0 ? { groups: edit.groups } : {}),
      ...(edit.models?.trim() ? { models: edit.models } : {}),
      ...(edit.priority !== undefined ? { priority: edit.priority } : {}),
      ...(edit.weight !== undefined ? { weight: edit.weight } : {}),
      ...(edit.header_override !== undefined && edit.header_override !== null
        ? { header_override: edit.header_override }
        : {}),
    },
    false,
  );
  if (edit.weight !== undefined && edit.weight < 0) throw businessFailure('channel.weight_invalid');
  const changes: typeof fields = { ...fields };
  if (edit.new_tag !== undefined && edit.new_tag !== null && edit.new_tag.trim() !== tag) {
    changes.tag = edit.new_tag.trim() || null;
  }
  if (Object.keys(changes).length === 0) throw businessFailure('channel.no_modification');
  const count = await context.database.db.transaction().execute(async (transaction) => {
    const rows = await transaction.selectFrom('channels').select('id').where('tag', '=', tag).execute();
    if (rows.length === 0) return 0;
    await transaction.updateTable('channels').set(changes).where('tag', '=', tag).execute();
    await rewriteAll(
      transaction,
      rows.map((row) => row.id),
    );
    return rows.length;
  });
  if (count === 0) throw businessFailure('channel.tag_not_found', { tag });
  return changed(context, count);
}

/** Enables (1) or disables (2) every channel of a tag. */
export async function setTagStatus(context: AppContext, tag: string, status: 1 | 2): Promise<number> {
  const trimmed = tag.trim();
  if (!trimmed) throw businessFailure('channel.tag_empty');
  const count = await context.database.db.transaction().execute(async (transaction) => {
    const tagged = await transaction
      .selectFrom('channels')
      .select(['id', 'type'])
      .where('tag', '=', trimmed)
      .execute();
    // Enabling skips channels of a type nothing relays (they could only fail).
    const rows = status === 1 ? tagged.filter((row) => isServedChannelType(row.type)) : tagged;
    if (rows.length === 0) return tagged.length === 0 ? 0 : -1;
    const ids = rows.map((row) => row.id);
    await transaction.updateTable('channels').set({ status }).where('id', 'in', ids).execute();
    await rewriteAll(transaction, ids);
    return rows.length;
  });
  if (count === 0) throw businessFailure('channel.tag_not_found', { tag: trimmed });
  if (count === -1) throw businessFailure('channel.type_not_served_tag', { tag: trimmed });
  return changed(context, count);
}
