/**
 * How a channel row is shown (docs/reference/console-states.md "Channel status", "Channel response time"): status tag, the
 * auto-disable reason, response-time colour, provider name, comma lists. Returns i18n keys under
 * `channels.` so that the rules stay testable without React.
 */
import { channelType } from '../../../../common/channel-types.ts';
import { ChannelStatus } from '../../../../common/statuses.ts';

export interface TagLabel {
  /** i18n key of the text. */
  key: string;
  /** antd Tag colour. */
  color: string;
}

/** 1 enabled (green), 2 disabled (yellow), 3 auto-disabled (yellow), anything else unknown. */
export function channelStatusLabel(status: number): TagLabel {
  switch (status) {
    case ChannelStatus.enabled:
      return { key: 'channels.status.enabled', color: 'green' };
    case ChannelStatus.manuallyDisabled:
      return { key: 'channels.status.disabled', color: 'yellow' };
    case ChannelStatus.autoDisabled:
      return { key: 'channels.status.autoDisabled', color: 'yellow' };
    default:
      return { key: 'channels.status.unknown', color: 'default' };
  }
}

/** The enable button shows for every status but 1; disable for status 1. */
export function statusToggle(status: number): { action: 'enable' | 'disable'; status: number } {
  return status === ChannelStatus.enabled
    ? { action: 'disable', status: ChannelStatus.manuallyDisabled }
    : { action: 'enable', status: ChannelStatus.enabled };
}

export interface ResponseTimeLabel {
  color: string;
  /** Seconds with two decimals, or null when the channel was never tested. */
  seconds: string | null;
}

/** 0 untested; up to 1000 ms green; up to 3000 lime; up to 5000 yellow; above red. */
export function responseTimeLabel(milliseconds: number): ResponseTimeLabel {
  if (!Number.isFinite(milliseconds) || milliseconds <= 0) return { color: 'default', seconds: null };
  const seconds = (milliseconds / 1000).toFixed(2);
  if (milliseconds <= 1000) return { color: 'green', seconds };
  if (milliseconds <= 3000) return { color: 'lime', seconds };
  if (milliseconds <= 5000) return { color: 'yellow', seconds };
  return { color: 'red', seconds };
}

export interface StatusReason {
  reason: string;
  /** Unix seconds, or null when not recorded. */
  time: number | null;
}

/** The auto-disable reason and time kept in `other_info`; null when absent or unreadable. */
export function parseStatusReason(otherInfo: string | null | undefined): StatusReason | null {
  if (!otherInfo?.trim()) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(otherInfo);
  } catch {
    return null;
  }
  if (typeof parsed !== 'object' || parsed === null) return null;
  const { status_reason: reason, status_time: time } = parsed as Record<string, unknown>;
  if (typeof reason !== 'string' || reason === '') return null;
  return { reason, time: typeof time === 'number' && time > 0 ? time : null };
}

/** The provider name of a channel type, or null for a type the console does not know. */
export function providerName(type: number): string | null {
  return channelType(type)?.name ?? null;
}

/** The entries of a comma list, trimmed, without empty parts or repeats. */
export function splitList(text: string | null | undefined): string[] {
  if (!text) return [];
  return [
    ...new Set(
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}

/** Groups with `default` first, the others in alphabetical order. */
export function sortedGroups(text: string | null | undefined): string[] {
  return splitList(text).sort((first, second) => {
    if (first === second) return 0;
    if (first === 'default') return -1;
    if (second === 'default') return 1;
    return first.localeCompare(second);
  });
}

/** The upstream balance in dollars with two decimals. */
export function balanceText(balance: number): string {
  return `$${(Number.isFinite(balance) ? balance : 0).toFixed(2)}`;
}
