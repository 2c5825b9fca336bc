/**
 * How a redemption-code row is shown and which actions it offers (docs/reference/console-states.md "Redemption status": 1
 * unused, 2 disabled, 3 used; toggle 1 ↔ 2, enabling blocked when used, edit only while unused).
 * Rules return i18n keys, never translated text.
 */
import { RedemptionStatus } from '../../../../common/statuses.ts';
import type { RedemptionToggleStatus, RedemptionView } from '../../api/redemptions.ts';
import { formatUnixTime } from '../tokens/token-display.ts';

export interface RedemptionStatusLabel {
  /** i18n key of the tag text. */
  key: string;
  /** antd Tag colour. */
  color: string;
}

export function redemptionStatusLabel(status: number): RedemptionStatusLabel {
  switch (status) {
    case RedemptionStatus.unused:
      return { key: 'redemptions.status.unused', color: 'green' };
    case RedemptionStatus.disabled:
      return { key: 'redemptions.status.disabled', color: 'red' };
    case RedemptionStatus.used:
      return { key: 'redemptions.status.used', color: 'default' };
    default:
      return { key: 'redemptions.status.unknown', color: 'default' };
  }
}

/** The status-only update the row switch sends: an unused code is disabled, a disabled one enabled. */
export function toggledStatus(status: number): RedemptionToggleStatus {
  return status === RedemptionStatus.unused ? RedemptionStatus.disabled : RedemptionStatus.unused;
}

export interface RedemptionRowState {
  /** The switch is on while the code can be redeemed. */
  switchOn: boolean;
  /** A used code can be neither enabled nor disabled. */
  switchLocked: boolean;
  /** Only unused codes can be edited. */
  editable: boolean;
}

export function redemptionRowState(redemption: Pick<RedemptionView, 'status'>): RedemptionRowState {
  return {
    switchOn: redemption.status === RedemptionStatus.unused,
    switchLocked: redemption.status === RedemptionStatus.used,
    editable: redemption.status === RedemptionStatus.unused,
  };
}

/** A unix time as local date and time, or null for 0 (not yet happened). */
export function optionalTimeText(seconds: number): string | null {
  return seconds > 0 ? formatUnixTime(seconds) : null;
}

/** The user who redeemed the code, or null for none (0). */
export function usedByUser(redemption: Pick<RedemptionView, 'used_user_id'>): number | null {
  return redemption.used_user_id > 0 ? redemption.used_user_id : null;
}
