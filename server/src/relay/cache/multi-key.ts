/**
 * Multi-key channels as new-api stores them: the `key` column holds one key per line (or a JSON array,
 * Vertex AI service accounts), and `channel_info` says {is_multi_key, multi_key_size, multi_key_mode
 * "random" | "polling", multi_key_polling_index, multi_key_status_list: index → status (absent = enabled,
 * 2 disabled by hand, 3 disabled automatically), multi_key_disabled_reason, multi_key_disabled_time}.
 *
 * The channel cache builds, once per load, one view of the channel per key (the same cached channel with
 * `key` and `keyIndex` of that key), so every adaptor reads `channel.key` as before; choosing a key for a
 * try is picking one of those views (no allocation, no database read). A key disabled automatically is
 * taken out of the choice at once (`disableKeyInMemory`), then written to `channel_info` by
 * server/src/relay/routing/disable.ts.
 */
import {
  type ChannelInfo,
  channelInfoOf,
  KEY_AUTO_DISABLED,
  KEY_ENABLED,
  keyStatus,
  type MultiKeyMode,
  multiKeyMode,
} from '../../../../common/channel-keys.ts';
import { readJsonColumn } from '../../db/json-column.ts';

export {
  type ChannelInfo,
  KEY_AUTO_DISABLED,
  KEY_ENABLED,
  KEY_MANUALLY_DISABLED,
  keyStatus,
  type MultiKeyMode,
  multiKeyMode,
  splitChannelKeys,
} from '../../../../common/channel-keys.ts';

/** The channel_info column as an object (an empty one when the column is empty or not an object). */
export function readChannelInfo(stored: unknown): ChannelInfo {
  return channelInfoOf(readJsonColumn(stored));
}

/** The keys of a cached multi-key channel and their state (shared by every view of the channel). */
export interface KeySet<View> {
  mode: MultiKeyMode;
  /** One view of the channel per key, by index. */
  views: readonly View[];
  /** Each key's status, by index. */
  statuses: number[];
  /** The enabled indexes, ascending (rebuilt when a status changes). */
  enabled: number[];
  /** The next index polling starts from. */
  pollingIndex: number;
}

export function newKeySet<View>(info: ChannelInfo, views: readonly View[]): KeySet<View> {
  const statuses = views.map((_view, index) => keyStatus(info, index));
  const start = Number(info.multi_key_polling_index);
  return {
    mode: multiKeyMode(info),
    views,
    statuses,
    enabled: enabledIndexes(statuses),
    pollingIndex: Number.isInteger(start) && start >= 0 && start < views.length ? start : 0,
  };
}

function enabledIndexes(statuses: readonly number[]): number[] {
  const enabled: number[] = [];
  for (let index = 0; index < statuses.length; index += 1) {
    if (statuses[index] === KEY_ENABLED) enabled.push(index);
  }
  return enabled;
}

/**
 * The view of the key a try uses, or null when no key is enabled: random among the enabled keys, polling
 * in turn from the last one used, else (no mode) the first enabled key — new-api's GetNextEnabledKey.
 */
export function pickKey<View>(set: KeySet<View>, random: () => number = Math.random): View | null {
  const { enabled, views } = set;
  if (enabled.length === 0) return null;
  if (set.mode === 'random') return views[enabled[Math.floor(random() * enabled.length)] as number] ?? null;
  if (set.mode === 'polling') {
    const count = views.length;
    for (let step = 0; step < count; step += 1) {
      const index = (set.pollingIndex + step) % count;
      if (set.statuses[index] === KEY_ENABLED) {
        set.pollingIndex = (index + 1) % count;
        return views[index] ?? null;
      }
    }
  }
  return views[enabled[0] as number] ?? null;
}

/**
 * Another enabled key than `index` for a retry at the same channel: the next in turn when polling, else one
 * at random among the others; null when no other key is enabled.
 */
export function pickOtherKey<View>(
  set: KeySet<View>,
  index: number,
  random: () => number = Math.random,
): View | null {
  const others = set.enabled.filter((enabled) => enabled !== index);
  if (others.length === 0) return null;
  if (set.mode === 'polling') {
    const view = pickKey(set, random);
    if (view !== set.views[index]) return view;
  }
  return set.views[others[Math.floor(random() * others.length)] as number] ?? null;
}

/** Takes key `index` out of the choice; returns how many keys stay enabled. */
export function disableKeyInMemory<View>(set: KeySet<View>, index: number): number {
  if (set.statuses[index] === KEY_ENABLED) {
    set.statuses[index] = KEY_AUTO_DISABLED;
    set.enabled = enabledIndexes(set.statuses);
  }
  return set.enabled.length;
}
