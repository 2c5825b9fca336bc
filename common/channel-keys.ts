/**
 * A multi-key channel's keys and state as new-api stores them (`key` one per line or a JSON array;
 * `channel_info` maps keyed by the key's index), read alike by the relay
 * (server/src/relay/cache/multi-key.ts) and the console API (server/src/api/channels/view.ts).
 */
export type MultiKeyMode = 'random' | 'polling' | '';

/** new-api's key statuses (the channel's own: common/statuses.ts ChannelStatus). */
export const KEY_ENABLED = 1;
export const KEY_MANUALLY_DISABLED = 2;
export const KEY_AUTO_DISABLED = 3;

/** `channel_info` as new-api writes it (maps keyed by the key's index, as JSON object keys). */
export interface ChannelInfo {
  is_multi_key?: boolean;
  multi_key_size?: number;
  multi_key_status_list?: Record<string, number> | null;
  multi_key_disabled_reason?: Record<string, string> | null;
  multi_key_disabled_time?: Record<string, number> | null;
  multi_key_polling_index?: number;
  multi_key_mode?: string;
  [field: string]: unknown;
}

/** channel_info as an object, from the column's parsed value (an empty one when it is not an object). */
export function channelInfoOf(value: unknown): ChannelInfo {
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as ChannelInfo) : {};
}

/** The keys of a multi-key channel, by index: a JSON array's elements, else one per line (new-api's GetKeys). */
export function splitChannelKeys(key: string): string[] {
  if (key === '') return [];
  const trimmed = key.trim();
  if (trimmed.startsWith('[')) {
    try {
      const parsed: unknown = JSON.parse(trimmed);
      if (Array.isArray(parsed))
        return parsed.map((element) => (typeof element === 'string' ? element : JSON.stringify(element)));
    } catch {
      // Not JSON: lines.
    }
  }
  return key
    .replace(/^\n+|\n+$/g, '')
    .split('\n')
    .map((line) => line.trim());
}

/** The status of key `index` in a channel_info (enabled when the list does not name it). */
export function keyStatus(info: ChannelInfo, index: number): number {
  const status = Number(info.multi_key_status_list?.[String(index)]);
  return Number.isInteger(status) && status > 0 ? status : KEY_ENABLED;
}

export function multiKeyMode(info: ChannelInfo): MultiKeyMode {
  return info.multi_key_mode === 'random' || info.multi_key_mode === 'polling' ? info.multi_key_mode : '';
}
