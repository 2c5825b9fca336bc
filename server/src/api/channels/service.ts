/** Channel administration: create (single or one per key line), update, quick edits, delete, read. */

import type { Insertable } from 'kysely';
import type { ChannelListItem, Page } from '../../../../common/api-types.ts';
import type { AppContext } from '../../context.ts';
import { insertReturningId } from '../../db/insert.ts';
import { jsonColumnText } from '../../db/json-column.ts';
import { containsText, idOrContains } from '../../db/like.ts';
import type { Database } from '../../db/schema.ts';
import { businessFailure, notFound } from '../../lib/errors.ts';
import { isServedChannelType } from '../../relay/channel-types.ts';
import { findChannelRow } from '../../relay/routing/channel-rows.ts';
import { listPage, type Paging } from '../reply.ts';
import { rewriteAbilities } from './abilities.ts';
import { newMultiKeyChannel, updatedMultiKeyColumns } from './multi-keys.ts';
import {
  type ChannelValues,
  checkChannelKey,
  checkChannelOther,
  checkChannelSettings,
  normalizeChannelFields,
  notServed,
  proxyOfSetting,
} from './normalize.ts';
import type { ChannelFields } from './schemas.ts';
import { groupByTag } from './tag-mode.ts';
import { type ChannelRow, type ChannelView, toChannelView } from './view.ts';

async function channelChanged(context: AppContext): Promise<void> {
  await context.channelCache.changed();
}

/** How a create request's keys make channels (new-api's add modes). */
export interface CreateMode {
  mode: 'single' | 'batch' | 'multi_to_single';
  /** For `multi_to_single`: how the channel chooses among its keys. */
  multiKeyMode?: 'random' | 'polling' | undefined;
}

/**
 * Creates one channel, or one per non-empty key line in batch mode (one keyless channel when a type that
 * needs no key has none), or one multi-key channel of all the key lines (./multi-keys.ts). Returns the
 * new ids.
 */
export async function createChannels(
  context: AppContext,
  fields: ChannelFields,
  { mode, multiKeyMode }: CreateMode,
): Promise<number[]> {
  const values = normalizeChannelFields(fields, true, context.config.upstreamAddressPolicy);
  if (mode === 'multi_to_single')
    Object.assign(values, newMultiKeyChannel(values.type ?? 1, fields.key ?? '', multiKeyMode));
  const lines =
    mode === 'batch'
      ? (values.key ?? '')
          .split('\n')
          .map((key) => key.trim())
          .filter(Boolean)
      : [values.key ?? ''];
  // A type that needs no key gets one keyless channel when no key line is given.
  const keys = lines.length > 0 ? lines : [''];
  if (mode !== 'multi_to_single') for (const key of keys) checkChannelKey(values.type ?? 1, key);
  checkChannelOther(values.type ?? 1, values.other);
  checkChannelSettings(values.type ?? 1, values.settings);
  const { db, dialect } = context.database;
  const now = Math.floor(Date.now() / 1000);
  const ids = await db.transaction().execute(async (transaction) => {
    const created: number[] = [];
    for (const key of keys) {
      const row = { ...values, key, created_time: now, status: values.status ?? 1 } as Insertable<
        Database['channels']
      >;
      const id = await insertReturningId(transaction, dialect, 'channels', row);
      const stored = await transaction
        .selectFrom('channels')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await rewriteAbilities(transaction, stored);
      created.push(id);
    }
    return created;
  });
  await channelChanged(context);
  return ids;
}

/**
 * Whether an update points the channel's stored key somewhere else: another type (another provider's
 * endpoint), another base URL or another proxy — without a new key in the same update.
 */
function movesStoredKey(
  existing: Pick<ChannelRow, 'type' | 'base_url' | 'setting'>,
  values: ChannelValues,
): boolean {
  if (values.key !== undefined) return false;
  if (values.type !== undefined && values.type !== existing.type) return true;
  // Stored URLs from before normalization may end in '/': the form sending them back is no change.
  const storedBaseUrl = (existing.base_url ?? '').trim().replace(/\/+$/, '');
  if (values.base_url !== undefined && values.base_url !== storedBaseUrl) return true;
  return values.setting !== undefined && proxyOfSetting(values.setting) !== proxyOfSetting(existing.setting);
}

/**
 * Updates a channel. Channel keys belong to root
 * (docs/decisions/0009-channel-key-custody-and-upstream-connections.md): a non-root administrator may not
 * send a stored key to another address — changing the type, base URL or proxy needs a new key in the same
 * update.
 */
export async function updateChannel(
  context: AppContext,
  id: number,
  fields: ChannelFields,
  actorIsRoot: boolean,
  keyChange: { keyMode?: string; multiKeyMode?: string } = {},
): Promise<ChannelView> {
  const values = normalizeChannelFields(fields, false, context.config.upstreamAddressPolicy);
  const updated = await context.database.db.transaction().execute(async (transaction) => {
    const existing = await transaction
      .selectFrom('channels')
      .select(['id', 'type', 'base_url', 'setting', 'key', 'other', 'channel_info', 'settings'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!existing) throw notFound('channel.not_found');
    // Keys appended to a multi-key channel are not a new key: the stored ones stay (custody, below).
    const { key: typedKey, ...withoutKey } = values;
    const custodyValues = keyChange.keyMode === 'append' ? withoutKey : { ...withoutKey, key: typedKey };
    // A multi-key channel's keys are checked one by one, its channel_info follows them.
    const multiKey = updatedMultiKeyColumns(existing, {
      key: values.key ?? undefined,
      type: values.type ?? undefined,
      ...keyChange,
    });
    if (multiKey) Object.assign(values, multiKey);
    else if (values.key !== undefined || values.type !== undefined)
      checkChannelKey(values.type ?? existing.type, values.key ?? existing.key);
    if (values.other !== undefined || values.type !== undefined)
      checkChannelOther(values.type ?? existing.type, values.other ?? existing.other);
    if (values.settings !== undefined || values.type !== undefined)
      checkChannelSettings(
        values.type ?? existing.type,
        values.settings ?? jsonColumnText(existing.settings),
      );
    const type = values.type ?? existing.type;
    if (values.status === 1 && !isServedChannelType(type)) throw notServed(type);
    if (!actorIsRoot && movesStoredKey(existing, custodyValues)) throw businessFailure('channel.key_custody');
    if (Object.keys(values).length > 0) {
      await transaction.updateTable('channels').set(values).where('id', '=', id).execute();
    }
    const row = await transaction
      .selectFrom('channels')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    await rewriteAbilities(transaction, row);
    return row;
  });
  await channelChanged(context);
  return toChannelView(updated);
}

export async function deleteChannel(context: AppContext, id: number): Promise<void> {
  await context.database.db.transaction().execute(async (transaction) => {
    const result = await transaction.deleteFrom('channels').where('id', '=', id).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) throw notFound('channel.not_found');
    await transaction.deleteFrom('abilities').where('channel_id', '=', id).execute();
  });
  await channelChanged(context);
}

/** The stored row of a channel, or 404. */
export async function requireChannelRow(context: AppContext, id: number): Promise<ChannelRow> {
  const row = await findChannelRow(context.database.db, id);
  if (!row) throw notFound('channel.not_found');
  return row;
}

export async function getChannel(context: AppContext, id: number, includeKey: boolean): Promise<ChannelView> {
  return toChannelView(await requireChannelRow(context, id), includeKey);
}

export interface ChannelSearch {
  keyword?: string;
  group?: string;
  model?: string;
  idSort?: boolean;
  tagMode?: boolean;
}

export async function listChannels(
  context: AppContext,
  search: ChannelSearch,
  paging: Paging,
): Promise<Page<ChannelListItem>> {
  let query = context.database.db.selectFrom('channels');
  const keyword = search.keyword?.trim();
  if (keyword) query = query.where(idOrContains(keyword, ['name', 'base_url', 'tag']));
  if (search.group?.trim()) query = query.where(containsText('group', search.group.trim()));
  if (search.model?.trim()) query = query.where(containsText('models', search.model.trim()));
  let ordered = query.selectAll();
  ordered = search.idSort
    ? ordered.orderBy('id', 'desc')
    : ordered.orderBy('priority', 'desc').orderBy('id', 'desc');
  if (search.tagMode) {
    // Tag rows aggregate channels of every page, so grouping happens before paging.
    const all = groupByTag((await ordered.execute()).map((row) => toChannelView(row)));
    const items = all.slice(paging.offset, paging.offset + paging.pageSize);
    return { items, page: paging.page, page_size: paging.pageSize, total: all.length };
  }
  return listPage(query, ordered, paging, (row: ChannelRow) => toChannelView(row));
}
