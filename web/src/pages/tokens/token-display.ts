/** How a token row is shown (docs/reference/console-states.md "Token status", docs/reference/console-api.md "Tokens"): status tag, toggle, key, times. */
import dayjs from 'dayjs';
import { TokenStatus } from '../../../../common/statuses.ts';
import type { TokenView } from '../../api/tokens.ts';

export const KEY_PREFIX = 'sk-';
export const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

export interface TokenStatusLabel {
  /** i18n key of the tag text. */
  key: string;
  /** antd Tag colour. */
  color: string;
}

/** 1 enabled (a 'restricted models' variant when model limits are on), 2 disabled, 3 expired, 4 exhausted. */
export function tokenStatusLabel(
  token: Pick<TokenView, 'status' | 'model_limits_enabled'>,
): TokenStatusLabel {
  switch (token.status) {
    case TokenStatus.enabled:
      return token.model_limits_enabled
        ? { key: 'tokens.status.enabledRestricted', color: 'green' }
        : { key: 'tokens.status.enabled', color: 'green' };
    case TokenStatus.disabled:
      return { key: 'tokens.status.disabled', color: 'red' };
    case TokenStatus.expired:
      return { key: 'tokens.status.expired', color: 'gold' };
    case TokenStatus.exhausted:
      return { key: 'tokens.status.exhausted', color: 'default' };
    default:
      return { key: 'tokens.status.unknown', color: 'default' };
  }
}

/** The status-only update the row switch sends: an enabled token is disabled, anything else is enabled. */
export function toggledStatus(status: number): typeof TokenStatus.enabled | typeof TokenStatus.disabled {
  return status === TokenStatus.enabled ? TokenStatus.disabled : TokenStatus.enabled;
}

/** The key as clients use it: `sk-` followed by the stored 48 characters. */
export function fullKey(key: string): string {
  return key.startsWith(KEY_PREFIX) ? key : `${KEY_PREFIX}${key}`;
}

/** Unix seconds as local date and time. */
export function formatUnixTime(seconds: number): string {
  return dayjs.unix(seconds).format(TIME_FORMAT);
}

/** The expiry column: null for "never" (-1), else the local date and time. */
export function expiryText(expiredTime: number): string | null {
  return expiredTime === -1 ? null : formatUnixTime(expiredTime);
}
