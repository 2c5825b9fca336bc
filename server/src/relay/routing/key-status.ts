/**
 * The stored status of a multi-key channel's keys (`channel_info`, server/src/relay/cache/multi-key.ts),
 * changed the way new-api changes it: a key disabled automatically gets status 3 with its reason and time;
 * when no key is left enabled the channel itself is disabled automatically ("All keys are disabled") with
 * its abilities; enabling a key removes it from the lists (and enables again a channel that was disabled
 * only because all its keys were). Each change is one transaction that reads the
 * row again, so two instances (or a relay failure and a console click) never write over each other.
 */
import type { Kysely, Transaction } from 'kysely';
import { ChannelStatus } from '../../../../common/statuses.ts';
import type { Database } from '../../db/schema.ts';
import {
  type ChannelInfo,
  KEY_AUTO_DISABLED,
  KEY_ENABLED,
  keyStatus,
  readChannelInfo,
  splitChannelKeys,
} from '../cache/multi-key.ts';

export const ALL_KEYS_DISABLED = 'All keys are disabled';

function recordOf<T>(value: unknown): Record<string, T> {
  return value && typeof value === 'object' && !Array.isArray(value)
    ? { ...(value as Record<string, T>) }
    : {};
}

function parseOtherInfo(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    return recordOf(JSON.parse(text));
  } catch {
    return {};
  }
}

/** What a change did to the channel. */
export interface KeyChange {
  /** Keys whose status changed. */
  changed: number;
  /** The channel was disabled because no key is left. */
  channelDisabled: boolean;
}

type KeyEdit = (info: ChannelInfo, keys: readonly string[], now: number) => number;

async function editKeys(db: Kysely<Database>, channelId: number, edit: KeyEdit): Promise<KeyChange | null> {
  return db.transaction().execute(async (transaction) => {
    // Locks the row first (PostgreSQL, MySQL): two keys failing at once must not each write over the other.
    await transaction
      .updateTable('channels')
      .set((update) => ({ status: update.ref('status') }))
      .where('id', '=', channelId)
      .execute();
    const row = await transaction
      .selectFrom('channels')
      .select(['status', 'key', 'channel_info', 'other_info'])
      .where('id', '=', channelId)
      .executeTakeFirst();
    if (!row) return null;
    const info = readChannelInfo(row.channel_info);
    if (info.is_multi_key !== true) return null;
    const keys = splitChannelKeys(row.key);
    info.multi_key_status_list = recordOf<number>(info.multi_key_status_list);
    info.multi_key_disabled_reason = recordOf<string>(info.multi_key_disabled_reason);
    info.multi_key_disabled_time = recordOf<number>(info.multi_key_disabled_time);
    const changed = edit(info, keys, Math.floor(Date.now() / 1000));
    if (changed === 0) return { changed, channelDisabled: false };
    info.multi_key_size = keys.length;
    const disabledKeys = Object.keys(info.multi_key_status_list).length;
    const channelDisabled = row.status === ChannelStatus.enabled && disabledKeys >= keys.length;
    // A channel disabled only because its last key was, serves again once a key is enabled.
    const channelEnabled =
      row.status === ChannelStatus.autoDisabled &&
      disabledKeys < keys.length &&
      parseOtherInfo(row.other_info).status_reason === ALL_KEYS_DISABLED;
    const update: { channel_info: string; status?: number; other_info?: string | null } = {
      channel_info: JSON.stringify(info),
    };
    if (channelEnabled) {
      update.status = ChannelStatus.enabled;
      update.other_info = null;
    }
    if (channelDisabled) {
      update.status = ChannelStatus.autoDisabled;
      update.other_info = JSON.stringify({
        ...parseOtherInfo(row.other_info),
        status_reason: ALL_KEYS_DISABLED,
        status_time: Math.floor(Date.now() / 1000),
      });
    }
    await transaction.updateTable('channels').set(update).where('id', '=', channelId).execute();
    if (channelDisabled || channelEnabled) await setAbilities(transaction, channelId, channelEnabled);
    return { changed, channelDisabled };
  });
}

function setAbilities(transaction: Transaction<Database>, channelId: number, enabled: boolean) {
  return transaction
    .updateTable('abilities')
    .set({ enabled: enabled ? 1 : 0 })
    .where('channel_id', '=', channelId)
    .execute();
}

/** Disables the key `key` of a channel automatically, with the reason (nothing when it is no longer enabled). */
export function disableKeyInDatabase(
  db: Kysely<Database>,
  channelId: number,
  key: string,
  reason: string,
): Promise<KeyChange | null> {
  return editKeys(db, channelId, (info, keys, now) => {
    const index = keys.indexOf(key);
    if (index < 0 || keyStatus(info, index) !== KEY_ENABLED) return 0;
    info.multi_key_status_list![String(index)] = KEY_AUTO_DISABLED;
    info.multi_key_disabled_reason![String(index)] = reason;
    info.multi_key_disabled_time![String(index)] = now;
    return 1;
  });
}

/**
 * Sets keys' status by hand (the console): `indexes` or every key, to enabled (their entries removed) or
 * disabled (status 2). Returns null when the channel is gone or not a multi-key channel.
 */
export function setKeyStatus(
  db: Kysely<Database>,
  channelId: number,
  indexes: readonly number[] | 'all',
  status: typeof KEY_ENABLED | 2,
): Promise<KeyChange | null> {
  return editKeys(db, channelId, (info, keys, now) => {
    let changed = 0;
    const chosen = indexes === 'all' ? keys.map((_key, index) => index) : indexes;
    for (const index of chosen) {
      if (index < 0 || index >= keys.length || keyStatus(info, index) === status) continue;
      const name = String(index);
      if (status === KEY_ENABLED) {
        delete info.multi_key_status_list![name];
        delete info.multi_key_disabled_reason![name];
        delete info.multi_key_disabled_time![name];
      } else {
        info.multi_key_status_list![name] = status;
        info.multi_key_disabled_time![name] = now;
      }
      changed += 1;
    }
    return changed;
  });
}

/**
 * Removes keys from a multi-key channel (the console's delete actions): `indexes`, or every key disabled
 * automatically. The keys after them move up, their statuses with them. Returns how many were removed,
 * 'last-key' when none would be left (refused), or null when the channel is gone or not a multi-key one.
 */
export function removeKeys(
  db: Kysely<Database>,
  channelId: number,
  which: readonly number[] | 'auto-disabled',
): Promise<number | 'last-key' | null> {
  return db.transaction().execute(async (transaction) => {
    await transaction
      .updateTable('channels')
      .set((update) => ({ status: update.ref('status') }))
      .where('id', '=', channelId)
      .execute();
    const row = await transaction
      .selectFrom('channels')
      .select(['key', 'channel_info'])
      .where('id', '=', channelId)
      .executeTakeFirst();
    if (!row) return null;
    const info = readChannelInfo(row.channel_info);
    if (info.is_multi_key !== true) return null;
    const keys = splitChannelKeys(row.key);
    const removed = (index: number) =>
      which === 'auto-disabled' ? keyStatus(info, index) === KEY_AUTO_DISABLED : which.includes(index);
    const statuses: Record<string, number> = {};
    const reasons: Record<string, string> = {};
    const times: Record<string, number> = {};
    const kept: string[] = [];
    keys.forEach((key, index) => {
      if (removed(index)) return;
      const from = String(index);
      const to = String(kept.length);
      const status = keyStatus(info, index);
      if (status !== KEY_ENABLED) statuses[to] = status;
      const reason = info.multi_key_disabled_reason?.[from];
      const time = info.multi_key_disabled_time?.[from];
      if (reason !== undefined && status !== KEY_ENABLED) reasons[to] = reason;
      if (time !== undefined && status !== KEY_ENABLED) times[to] = time;
      kept.push(key);
    });
    const count = keys.length - kept.length;
    if (count === 0) return 0;
    if (kept.length === 0) return 'last-key';
    const next: ChannelInfo = {
      ...info,
      multi_key_size: kept.length,
      multi_key_status_list: statuses,
      multi_key_disabled_reason: reasons,
      multi_key_disabled_time: times,
      multi_key_polling_index: 0,
    };
    await transaction
      .updateTable('channels')
      .set({ key: kept.join('\n'), channel_info: JSON.stringify(next) })
      .where('id', '=', channelId)
      .execute();
    return count;
  });
}
