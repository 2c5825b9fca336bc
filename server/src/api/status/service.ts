/**
 * The public status object (docs/reference/console-entities.md "Public status object"): what the console needs before anyone logs
 * in. Derived from options on every call (they are in memory), so a change shows at once. Never a secret:
 * only public identifiers (client ids, the Turnstile site key, a bot name) leave the server.
 */
import type { ChatLink, PayMethod, PublicStatus } from '../../../../common/api-types.ts';
import type { AppContext } from '../../context.ts';
import { type RequestAddress, serverAddressFor } from '../../options/server-address.ts';
import type { OptionStore } from '../../options/store.ts';
import { callbackBase } from '../../relay/tasks/midjourney/callback-address.ts';

export type StatusOptions = Pick<OptionStore, 'get' | 'getBoolean' | 'getNumber' | 'getJson'>;
export type StatusContext = Pick<AppContext, 'setup' | 'version' | 'startTime'> & {
  config: Pick<AppContext['config'], 'port'>;
};

/** Online top-up is on when the payment gateway address, merchant id and merchant key are all set. */
export function onlineTopUpEnabled(options: Pick<OptionStore, 'get'>): boolean {
  return ['PayAddress', 'EpayId', 'EpayKey'].every((key) => options.get(key).trim() !== '');
}

/**
 * `request` is the address the status was asked at: while ServerAddress is unset, `server_address` (the
 * home page's API address, invite links, chat links) is that address (server/src/options/server-address.ts).
 */
export function buildPublicStatus(
  options: StatusOptions,
  context: StatusContext,
  request?: RequestAddress,
): PublicStatus {
  return {
    system_name: options.get('SystemName'),
    logo: options.get('Logo'),
    footer_html: options.get('Footer'),
    quota_per_unit: options.getNumber('QuotaPerUnit'),
    display_in_currency: options.getBoolean('DisplayInCurrencyEnabled'),
    enable_drawing: options.getBoolean('DrawingEnabled'),
    enable_task: options.getBoolean('TaskEnabled'),
    enable_data_export: options.getBoolean('DataExportEnabled'),
    chats: options.getJson<ChatLink[]>('Chats'),
    pay_methods: options.getJson<PayMethod[]>('PayMethods'),
    data_export_default_time: options.get('DataExportDefaultTime'),
    default_collapse_sidebar: options.getBoolean('DefaultCollapseSidebar'),
    // Whether callbacks are really sent: MjNotifyEnabled needs a saved ServerAddress to build them from.
    mj_notify_enabled: callbackBase(options) !== null,
    chat_link: options.get('ChatLink'),
    chat_link2: options.get('ChatLink2'),
    docs_link: options.get('general_setting.docs_link'),
    version: context.version,
    start_time: context.startTime,
    email_verification: options.getBoolean('EmailVerificationEnabled'),
    turnstile_check: options.getBoolean('TurnstileCheckEnabled'),
    turnstile_site_key: options.get('TurnstileSiteKey'),
    github_oauth: options.getBoolean('GitHubOAuthEnabled'),
    github_client_id: options.get('GitHubClientId'),
    oidc_enabled: options.getBoolean('oidc.enabled'),
    passkey_login: options.getBoolean('passkey.enabled'),
    checkin_enabled: options.getBoolean('checkin_setting.enabled'),
    oidc_client_id: options.get('oidc.client_id'),
    oidc_authorization_endpoint: options.get('oidc.authorization_endpoint'),
    wechat_login: options.getBoolean('WeChatAuthEnabled'),
    wechat_qrcode: options.get('WeChatAccountQRCodeImageURL'),
    telegram_oauth: options.getBoolean('TelegramOAuthEnabled'),
    telegram_bot_name: options.get('TelegramBotName'),
    linuxdo_oauth: options.getBoolean('LinuxDOOAuthEnabled'),
    linuxdo_client_id: options.get('LinuxDOClientId'),
    server_address: serverAddressFor(options, request, context.config.port),
    setup: context.setup.done,
    self_use_mode_enabled: options.getBoolean('SelfUseModeEnabled'),
    demo_site_enabled: options.getBoolean('DemoSiteEnabled'),
    enable_online_topup: onlineTopUpEnabled(options),
    price: options.getNumber('Price'),
    usd_exchange_rate: options.getNumber('USDExchangeRate'),
    default_use_auto_group: options.getBoolean('DefaultUseAutoGroup'),
    top_up_link: options.get('TopUpLink'),
    min_topup: options.getNumber('MinTopUp'),
    display_token_stat_enabled: options.getBoolean('DisplayTokenStatEnabled'),
  };
}
