/**
 * Shapes of the console API replies (spec §3, §7). Every /api reply is {success, message, data}.
 * Server and console both import these so that a field renamed on one side fails the type-check.
 */
export interface ApiReply<T = unknown> {
  success: boolean;
  message: string;
  data?: T;
}

export interface Page<T> {
  items: T[];
  page: number;
  page_size: number;
  total: number;
}

export interface SetupStatus {
  status: boolean;
  root_init: boolean;
  database_type: 'sqlite' | 'mysql' | 'postgres';
}

export interface SetupPayload {
  username: string;
  password: string;
  confirmPassword: string;
  SelfUseModeEnabled: boolean;
  DemoSiteEnabled: boolean;
}

export interface PayMethod {
  name: string;
  type: string;
  color?: string;
  min_topup?: number;
}

export interface ChatLink {
  [name: string]: string;
}

/** The public status object (spec §3), returned by GET /api/status. */
export interface PublicStatus {
  system_name: string;
  logo: string;
  footer_html: string;
  quota_per_unit: number;
  display_in_currency: boolean;
  enable_drawing: boolean;
  enable_task: boolean;
  enable_data_export: boolean;
  chats: ChatLink[];
  pay_methods: PayMethod[];
  data_export_default_time: string;
  default_collapse_sidebar: boolean;
  mj_notify_enabled: boolean;
  chat_link: string;
  chat_link2: string;
  docs_link: string;
  version: string;
  start_time: number;
  email_verification: boolean;
  turnstile_check: boolean;
  turnstile_site_key: string;
  github_oauth: boolean;
  github_client_id: string;
  oidc_enabled: boolean;
  oidc_client_id: string;
  oidc_authorization_endpoint: string;
  wechat_login: boolean;
  wechat_qrcode: string;
  telegram_oauth: boolean;
  telegram_bot_name: string;
  linuxdo_oauth: boolean;
  linuxdo_client_id: string;
  server_address: string;
  setup: boolean;
  self_use_mode_enabled: boolean;
  demo_site_enabled: boolean;
  enable_online_topup: boolean;
  price: number;
  usd_exchange_rate: number;
  default_use_auto_group: boolean;
  top_up_link: string;
  min_topup: number;
  display_token_stat_enabled: boolean;
}

/** What login returns and the console stores as localStorage `user`. */
export interface SessionUser {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  group: string;
}

export interface UserSetting {
  notify_type?: 'email' | 'webhook';
  quota_warning_threshold?: number;
  webhook_url?: string;
  webhook_secret?: string;
  notification_email?: string;
  accept_unset_model_ratio_model?: boolean;
}

/** A user as the console sees it (password never included). */
export interface UserView {
  id: number;
  username: string;
  display_name: string;
  role: number;
  status: number;
  email: string;
  github_id: string;
  oidc_id: string;
  wechat_id: string;
  telegram_id: string;
  linux_do_id: string;
  group: string;
  quota: number;
  used_quota: number;
  request_count: number;
  aff_code: string;
  aff_count: number;
  aff_quota: number;
  aff_history_quota: number;
  inviter_id: number;
  DeletedAt: string | null;
  setting: string;
  /** Admin-only note about the user. */
  remark: string;
}

export interface UserGroupInfo {
  desc: string;
  ratio: number | string;
}

export interface ManageResult {
  status: number;
  role: number;
}
