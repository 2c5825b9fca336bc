/**
 * Redemption codes (/api/redemption/*, administrators; POST /api/user/topup): the view built by
 * server/src/api/redemptions/view.ts and the forms' payloads.
 */

/** A redemption code as the console sees it (administrators only: it includes the key). */
export interface RedemptionView {
  id: number;
  /** The administrator who created it. */
  user_id: number;
  /** 32 alphanumerics. */
  key: string;
  /** 1 unused, 2 disabled, 3 used (common/statuses.ts RedemptionStatus). */
  status: number;
  name: string;
  quota: number;
  created_time: number;
  /** Unix seconds of the redemption, 0 while unused. */
  redeemed_time: number;
  /** The user who redeemed it, 0 for none. */
  used_user_id: number;
  /** Unix seconds after which it cannot be redeemed, 0 for never. */
  expired_time: number;
}

/** The create form (POST /api/redemption/): `count` codes named `name`, each worth `quota`; returns the keys. */
export interface CreateRedemptionsPayload {
  name: string;
  quota: number;
  count: number;
}

/** The edit form (PUT /api/redemption/ with `id`; unused codes only). */
export interface UpdateRedemptionPayload {
  name: string;
  quota: number;
}

/** PUT /api/redemption/?status_only=true: enables (1) or disables (2) a code. */
export interface RedemptionStatusPayload {
  id: number;
  status: number;
}

/** POST /api/user/topup: redeems a code; data is the quota credited. */
export interface TopUpPayload {
  key: string;
}
