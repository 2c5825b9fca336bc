/** The dashboard's rollups (GET /api/data/ and /api/data/self/, server/src/api/data/routes.ts). */

/** One rollup row: the calls of one user to one model within one hour. */
export interface QuotaDataView {
  model_name: string;
  /** Unix seconds at the start of the hour. */
  created_at: number;
  token_used: number;
  count: number;
  quota: number;
  /** The filtered username in the admin view (empty: every user summed), the owner's in the self view. */
  username: string;
  /** 0 in the admin view (rows are summed over users). */
  user_id: number;
}
