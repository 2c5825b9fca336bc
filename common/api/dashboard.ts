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

/** One channel's prompt-cache use over a range (GET /api/data/channel_cache, server/src/api/data/channel-cache.ts). */
export interface ChannelCacheRow {
  channel_id: number;
  channel_name: string;
  requests: number;
  prompt_tokens: number;
  cache_tokens: number;
  /** cache_tokens / prompt_tokens, 0 when no prompt tokens. */
  hit_rate: number;
}

export interface ChannelCacheReport {
  start_timestamp: number;
  end_timestamp: number;
  channels: ChannelCacheRow[];
  rows_read: number;
  /** More rows matched than the server reads: the numbers cover `oldest_read` … `end_timestamp`. */
  truncated: boolean;
  oldest_read: number;
}
