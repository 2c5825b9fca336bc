/**
 * The public status (GET /api/status, built by server/src/api/status/service.ts) and the first-run setup
 * (GET and POST /api/setup, server/src/api/setup/).
 */

/** GET /api/setup. */
export interface SetupStatus {
  /** Setup has been completed. */
  status: boolean;
  /** A root account exists. */
  root_init: boolean;
  database_type: 'sqlite' | 'mysql' | 'postgres';
}

/** POST /api/setup. */
export interface SetupPayload {
  username: string;
  password: string;
  confirmPassword: string;
  SelfUseModeEnabled: boolean;
  DemoSiteEnabled: boolean;
}

/** One entry of the PayMethods option. */
export interface PayMethod {
  name: string;
  type: string;
  color?: string;
  min_topup?: number;
}

/** One entry of the Chats option: a chat name mapped to a link template with {address} and {key}. */
export interface ChatLink {
  [name: string]: string;
}

/** The public status object, returned by GET /api/status (no secret ever leaves the server in it). */
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
  /** Passkey sign-in is on (`passkey.enabled`, docs/security.md). */
  passkey_login: boolean;
  /** Daily check-in is on (`checkin_setting.enabled`, docs/checkin.md). */
  checkin_enabled: boolean;
  oidc_client_id: string;
  oidc_authorization_endpoint: string;
  wechat_login: boolean;
  wechat_qrcode: string;
  telegram_oauth: boolean;
  telegram_bot_name: string;
  linuxdo_oauth: boolean;
  linuxdo_client_id: string;
  /** ServerAddress, or the address the status was asked at while it is unset. */
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
