/** The usage log (/api/log/*): rows built by server/src/api/logs/view.ts, and the stat. */

/** One usage-log row. Users never see the channel, the IP or the channels tried (`other.admin_info`). */
export interface LogView {
  id: number;
  /** Unix seconds. */
  created_at: number;
  /** 1 top-up, 2 consumption, 3 admin, 4 system, 5 error (0 only appears in old databases). */
  type: number;
  content: string;
  username: string;
  user_id: number;
  token_name: string;
  token_id: number;
  model_name: string;
  quota: number;
  prompt_tokens: number;
  completion_tokens: number;
  /** Seconds. */
  use_time: number;
  is_stream: boolean;
  group: string;
  /** JSON text with the pricing and timing details (see web/src/pages/logs/log-details.ts). */
  other: string;
  /** Channel id; admin view only. */
  channel?: number;
  /** Admin view only. */
  channel_name?: string;
  /** Client IP; admin view only. */
  ip?: string;
}

/** GET /api/log/stat and /api/log/self/stat. */
export interface LogStat {
  /** Quota summed over the filter. */
  quota: number;
  /** Consumption requests in the last 60 s. */
  rpm: number;
  /** Prompt + completion tokens in the last 60 s. */
  tpm: number;
}
