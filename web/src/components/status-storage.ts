import type { PublicStatus } from '../../../common/api-types.ts';
import { QUOTA_PER_UNIT_DEFAULT } from '../../../common/limits.ts';

/** localStorage keys filled from the public status (docs/reference/console-entities.md "Local storage keys"). */
export const StatusStorageKey = {
  status: 'status',
  chats: 'chats',
  defaultCollapseSidebar: 'default_collapse_sidebar',
  enableDataExport: 'enable_data_export',
  enableDrawing: 'enable_drawing',
  enableTask: 'enable_task',
  mjNotifyEnabled: 'mj_notify_enabled',
  footerHtml: 'footer_html',
} as const;

/** Used until the first status reply arrives (and for fields an older server leaves out). */
export const DEFAULT_STATUS: PublicStatus = {
  system_name: 'Switchyard',
  logo: '',
  footer_html: '',
  quota_per_unit: QUOTA_PER_UNIT_DEFAULT,
  display_in_currency: true,
  enable_drawing: false,
  enable_task: false,
  enable_data_export: false,
  chats: [],
  pay_methods: [],
  data_export_default_time: 'hour',
  default_collapse_sidebar: false,
  mj_notify_enabled: false,
  chat_link: '',
  chat_link2: '',
  docs_link: '',
  version: '',
  start_time: 0,
  email_verification: false,
  turnstile_check: false,
  turnstile_site_key: '',
  github_oauth: false,
  github_client_id: '',
  oidc_enabled: false,
  passkey_login: false,
  checkin_enabled: false,
  oidc_client_id: '',
  oidc_authorization_endpoint: '',
  wechat_login: false,
  wechat_qrcode: '',
  telegram_oauth: false,
  telegram_bot_name: '',
  linuxdo_oauth: false,
  linuxdo_client_id: '',
  server_address: '',
  setup: true,
  self_use_mode_enabled: false,
  demo_site_enabled: false,
  enable_online_topup: false,
  price: 7.3,
  usd_exchange_rate: 7.3,
  default_use_auto_group: false,
  top_up_link: '',
  min_topup: 1,
  display_token_stat_enabled: true,
};

/** Fills the fields a reply leaves out with their defaults. */
export function completeStatus(partial: Partial<PublicStatus>): PublicStatus {
  return { ...DEFAULT_STATUS, ...partial, chats: Array.isArray(partial.chats) ? partial.chats : [] };
}

/** The status saved by the last successful fetch, if any. */
export function readCachedStatus(): PublicStatus | undefined {
  const text = localStorage.getItem(StatusStorageKey.status);
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return undefined;
    return completeStatus(parsed as Partial<PublicStatus>);
  } catch {
    return undefined;
  }
}

/**
 * Caches the status and the keys derived from it. `default_collapse_sidebar` only seeds the side bar:
 * once the user collapses or expands it, their choice is kept.
 */
export function storeStatus(status: PublicStatus): void {
  localStorage.setItem(StatusStorageKey.status, JSON.stringify(status));
  localStorage.setItem(StatusStorageKey.chats, JSON.stringify(status.chats));
  localStorage.setItem(StatusStorageKey.enableDataExport, String(status.enable_data_export));
  localStorage.setItem(StatusStorageKey.enableDrawing, String(status.enable_drawing));
  localStorage.setItem(StatusStorageKey.enableTask, String(status.enable_task));
  localStorage.setItem(StatusStorageKey.mjNotifyEnabled, String(status.mj_notify_enabled));
  localStorage.setItem(StatusStorageKey.footerHtml, status.footer_html);
  if (localStorage.getItem(StatusStorageKey.defaultCollapseSidebar) === null) {
    writeSideBarCollapsed(status.default_collapse_sidebar);
  }
}

export function readSideBarCollapsed(): boolean {
  return localStorage.getItem(StatusStorageKey.defaultCollapseSidebar) === 'true';
}

export function writeSideBarCollapsed(collapsed: boolean): void {
  localStorage.setItem(StatusStorageKey.defaultCollapseSidebar, String(collapsed));
}
