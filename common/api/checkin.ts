/**
 * The check-in API's replies (docs/checkin.md), as new-api shapes them (controller/checkin.go): shared by
 * the server (server/src/api/checkin/) and the console (web/src/pages/personal/CheckinCard.tsx).
 */

/** One day of the asked month: no ids, as new-api's CheckinRecord. */
export interface CheckinRecord {
  /** YYYY-MM-DD in the server's time zone. */
  checkin_date: string;
  quota_awarded: number;
}

export interface CheckinStats {
  /** Quota awarded by every check-in of the user, ever. */
  total_quota: number;
  /** Check-ins of the user, ever. */
  total_checkins: number;
  /** Check-ins in the asked month. */
  checkin_count: number;
  checked_in_today: boolean;
  /** The asked month's check-ins, latest first. */
  records: CheckinRecord[];
}

/** GET /api/user/checkin?month=YYYY-MM. */
export interface CheckinStatus {
  enabled: boolean;
  min_quota: number;
  max_quota: number;
  stats: CheckinStats;
}

/** POST /api/user/checkin. */
export interface CheckinResult {
  quota_awarded: number;
  checkin_date: string;
}
