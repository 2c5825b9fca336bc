/**
 * Every table of docs/reference/tables.md with the one-api/new-api names and columns (so an existing database opens
 * as it is), plus the indexes the console queries need. Columns may be added freely, never renamed.
 */
import { column as c, defineTable, type RowOf } from './column.ts';
import { AUDIT_TABLES, type AuditRows } from './schema-audit.ts';
import { CATALOGUE_TABLES, type CatalogueRows } from './schema-catalogue.ts';
import { CHECKIN_TABLES, type CheckinRows } from './schema-checkin.ts';
import { PAYMENT_TABLES, type PaymentRows } from './schema-payments.ts';
import { SECURITY_TABLES, type SecurityRows } from './schema-security.ts';
import { SUBSCRIPTION_TABLES, type SubscriptionRows } from './schema-subscriptions.ts';

export const usersTable = defineTable(
  'users',
  {
    id: c.id(),
    username: c.varchar(64).unique(),
    password: c.varchar(255),
    display_name: c.varchar(64).default(''),
    role: c.integer().default(1),
    status: c.integer().default(1),
    email: c.varchar(255).default(''),
    github_id: c.varchar(255).default(''),
    oidc_id: c.varchar(255).default(''),
    wechat_id: c.varchar(255).default(''),
    telegram_id: c.varchar(255).default(''),
    linux_do_id: c.varchar(255).default(''),
    access_token: c.char(32).nullable().unique(),
    quota: c.bigint().default(0),
    used_quota: c.bigint().default(0),
    request_count: c.bigint().default(0),
    group: c.varchar(64).default('default'),
    aff_code: c.varchar(32).nullable().unique(),
    aff_count: c.integer().default(0),
    aff_quota: c.bigint().default(0),
    aff_history: c.bigint().default(0),
    inviter_id: c.integer().default(0),
    setting: c.text().nullable(),
    remark: c.varchar(255).nullable(),
    deleted_at: c.timestamp().nullable(),
    /**
     * Bumped by logout, password changes and resets, disable and delete: older sessions stop working. Typed
     * as new-api declares it (bigint, not null, default 1) so either product opens the database after the
     * other (migrations 0004 and 0006).
     */
    auth_version: c.bigint().default(1),
    /** Switchyard: the user's traffic limits, a LimitSet as JSON (common/traffic-limits.ts); new-api ignores it. */
    limits: c.text().nullable(),
  },
  {
    indexes: [
      { columns: ['display_name'] },
      { columns: ['email'] },
      { columns: ['github_id'] },
      { columns: ['oidc_id'] },
      { columns: ['wechat_id'] },
      { columns: ['telegram_id'] },
      { columns: ['linux_do_id'] },
      { columns: ['inviter_id'] },
      { columns: ['deleted_at'] },
    ],
  },
);

export const tokensTable = defineTable(
  'tokens',
  {
    id: c.id(),
    user_id: c.integer(),
    key: c.char(48).unique(),
    status: c.integer().default(1),
    name: c.varchar(255).default(''),
    created_time: c.bigint().default(0),
    accessed_time: c.bigint().default(0),
    expired_time: c.bigint().default(-1),
    remain_quota: c.bigint().default(0),
    unlimited_quota: c.boolean().default(false),
    model_limits_enabled: c.boolean().default(false),
    model_limits: c.varchar(1024).default(''),
    allow_ips: c.text().nullable(),
    // one-api's spelling of a token's limits: allowed models (comma-separated) and an IP range (CIDR list).
    models: c.text().nullable(),
    subnet: c.text().nullable(),
    used_quota: c.bigint().default(0),
    group: c.varchar(64).default(''),
    deleted_at: c.timestamp().nullable(),
    /** Switchyard: the key's traffic limits, a LimitSet as JSON (common/traffic-limits.ts); new-api ignores it. */
    limits: c.text().nullable(),
  },
  { indexes: [{ columns: ['user_id'] }, { columns: ['name'] }, { columns: ['deleted_at'] }] },
);

export const channelsTable = defineTable(
  'channels',
  {
    id: c.id(),
    type: c.integer().default(0),
    key: c.text(),
    // GORM's name for new-api's OpenAIOrganization field (the API field stays `openai_organization`).
    open_ai_organization: c.varchar(255).nullable(),
    test_model: c.varchar(255).nullable(),
    status: c.integer().default(1),
    name: c.varchar(255).default(''),
    weight: c.integer().default(0),
    created_time: c.bigint().default(0),
    test_time: c.bigint().default(0),
    response_time: c.integer().default(0),
    base_url: c.varchar(512).nullable(),
    other: c.text().nullable(),
    balance: c.double().default(0),
    balance_updated_time: c.bigint().default(0),
    models: c.text().nullable(),
    group: c.varchar(255).default('default'),
    used_quota: c.bigint().default(0),
    model_mapping: c.text().nullable(),
    status_code_mapping: c.varchar(1024).nullable(),
    priority: c.bigint().default(0),
    auto_ban: c.integer().default(1),
    other_info: c.text().nullable(),
    tag: c.varchar(255).nullable(),
    setting: c.text().nullable(),
    param_override: c.text().nullable(),
    max_input_tokens: c.integer().default(0),
    // new-api: multi-key state (is_multi_key, multi_key_mode, per-key status); a \`json\` column there.
    channel_info: c.text().nullable(),
    // new-api: headers set on every upstream request of the channel (JSON object, placeholders allowed).
    header_override: c.text().nullable(),
    // new-api: ChannelOtherSettings (JSON object; Advanced Custom's routes under `advanced_custom`).
    settings: c.text().nullable(),
    /** Switchyard: the channel's caps, ChannelLimits as JSON (common/traffic-limits.ts); new-api ignores it. */
    limits: c.text().nullable(),
  },
  { indexes: [{ columns: ['name'] }, { columns: ['tag'] }, { columns: ['status'] }] },
);

export const abilitiesTable = defineTable(
  'abilities',
  {
    group: c.varchar(64),
    model: c.varchar(255),
    channel_id: c.integer(),
    enabled: c.boolean().default(true),
    priority: c.bigint().default(0),
    weight: c.integer().default(0),
    tag: c.varchar(255).nullable(),
  },
  {
    primaryKey: ['group', 'model', 'channel_id'],
    indexes: [
      { columns: ['channel_id'] },
      { columns: ['priority'] },
      { columns: ['weight'] },
      { columns: ['tag'] },
      { name: 'idx_abilities_group_model_enabled', columns: ['group', 'model', 'enabled'] },
    ],
  },
);

export const optionsTable = defineTable(
  'options',
  { key: c.varchar(191), value: c.text().nullable() },
  { primaryKey: ['key'] },
);

export const redemptionsTable = defineTable(
  'redemptions',
  {
    id: c.id(),
    user_id: c.integer().default(0),
    key: c.char(32).unique(),
    status: c.integer().default(1),
    name: c.varchar(255).default(''),
    quota: c.bigint().default(100),
    created_time: c.bigint().default(0),
    redeemed_time: c.bigint().default(0),
    used_user_id: c.integer().default(0),
    expired_time: c.bigint().default(0),
    deleted_at: c.timestamp().nullable(),
  },
  { indexes: [{ columns: ['name'] }, { columns: ['deleted_at'] }] },
);

export const logsTable = defineTable(
  'logs',
  {
    id: c.id(),
    user_id: c.integer().default(0),
    created_at: c.bigint().default(0),
    type: c.integer().default(0),
    content: c.text().nullable(),
    username: c.varchar(255).default(''),
    token_name: c.varchar(255).default(''),
    model_name: c.varchar(255).default(''),
    quota: c.bigint().default(0),
    prompt_tokens: c.integer().default(0),
    completion_tokens: c.integer().default(0),
    use_time: c.integer().default(0),
    is_stream: c.boolean().default(false),
    channel_id: c.integer().default(0),
    token_id: c.integer().default(0),
    group: c.varchar(64).default(''),
    ip: c.varchar(64).default(''),
    other: c.text().nullable(),
  },
  {
    indexes: [
      { name: 'idx_created_at_id', columns: ['id', 'created_at'] },
      { name: 'idx_created_at_type', columns: ['created_at', 'type'] },
      { columns: ['user_id', 'created_at'] },
      { columns: ['username'] },
      { columns: ['token_name'] },
      { columns: ['model_name'] },
      { columns: ['channel_id'] },
      { columns: ['token_id'] },
      { columns: ['group'] },
      { columns: ['ip'] },
    ],
  },
);

export const midjourneysTable = defineTable(
  'midjourneys',
  {
    id: c.id(),
    code: c.integer().default(0),
    user_id: c.integer().default(0),
    action: c.varchar(40).default(''),
    mj_id: c.varchar(191).default(''),
    prompt: c.text().nullable(),
    prompt_en: c.text().nullable(),
    description: c.text().nullable(),
    state: c.text().nullable(),
    submit_time: c.bigint().default(0),
    start_time: c.bigint().default(0),
    finish_time: c.bigint().default(0),
    image_url: c.text().nullable(),
    status: c.varchar(20).default(''),
    progress: c.varchar(30).default(''),
    fail_reason: c.text().nullable(),
    channel_id: c.integer().default(0),
    quota: c.bigint().default(0),
    buttons: c.text().nullable(),
    properties: c.text().nullable(),
    video_url: c.text().nullable(),
    video_urls: c.text().nullable(),
  },
  {
    indexes: [
      { columns: ['user_id'] },
      { columns: ['action'] },
      { columns: ['mj_id'] },
      { columns: ['submit_time'] },
      { columns: ['start_time'] },
      { columns: ['finish_time'] },
      { columns: ['status'] },
      { columns: ['progress'] },
    ],
  },
);

export const tasksTable = defineTable(
  'tasks',
  {
    id: c.id(),
    created_at: c.bigint().default(0),
    updated_at: c.bigint().default(0),
    task_id: c.varchar(191).default(''),
    platform: c.varchar(30).default(''),
    user_id: c.integer().default(0),
    channel_id: c.integer().default(0),
    quota: c.bigint().default(0),
    action: c.varchar(40).default(''),
    status: c.varchar(20).default(''),
    fail_reason: c.text().nullable(),
    submit_time: c.bigint().default(0),
    start_time: c.bigint().default(0),
    finish_time: c.bigint().default(0),
    progress: c.varchar(20).default(''),
    properties: c.text().nullable(),
    data: c.text().nullable(),
    // new-api (a `json` column there): the upstream's id of a task it submitted under its own public id,
    // and the key it used. Read for the upstream id only (server/src/relay/tasks/properties.ts).
    private_data: c.text().nullable(),
  },
  {
    indexes: [
      { columns: ['created_at'] },
      { columns: ['task_id'] },
      { columns: ['platform'] },
      { columns: ['user_id'] },
      { columns: ['channel_id'] },
      { columns: ['action'] },
      { columns: ['status'] },
      { columns: ['submit_time'] },
      { columns: ['start_time'] },
      { columns: ['finish_time'] },
      { columns: ['progress'] },
    ],
  },
);

export const quotaDataTable = defineTable(
  'quota_data',
  {
    id: c.id(),
    user_id: c.integer().default(0),
    username: c.varchar(64).default(''),
    model_name: c.varchar(64).default(''),
    created_at: c.bigint().default(0),
    token_used: c.bigint().default(0),
    count: c.integer().default(0),
    quota: c.bigint().default(0),
  },
  {
    indexes: [
      { columns: ['user_id'] },
      { columns: ['username'] },
      { columns: ['model_name'] },
      { columns: ['created_at'] },
      { columns: ['user_id', 'created_at'] },
    ],
  },
);

export const topUpsTable = defineTable(
  'top_ups',
  {
    id: c.id(),
    user_id: c.integer().default(0),
    amount: c.bigint().default(0),
    money: c.double().default(0),
    trade_no: c.varchar(255).unique(),
    payment_method: c.varchar(50).default(''),
    /** new-api's: which provider settles the order (epay, stripe, creem); '' on rows older than the column. */
    payment_provider: c.varchar(50).default(''),
    create_time: c.bigint().default(0),
    complete_time: c.bigint().default(0),
    status: c.varchar(20).default('pending'),
  },
  { indexes: [{ columns: ['user_id'] }, { columns: ['status', 'create_time'] }] },
);

export const setupsTable = defineTable('setups', {
  id: c.id(),
  version: c.varchar(50).default(''),
  initialized_at: c.bigint().default(0),
});

/**
 * Switchyard's own: single-use, expiring secrets (email codes, reset links, OAuth states) that must
 * survive restarts and work across instances (docs/reference/oauth.md).
 */
export const oneTimeSecretsTable = defineTable(
  'one_time_secrets',
  {
    id: c.id(),
    purpose: c.varchar(32),
    subject: c.varchar(255),
    secret_hash: c.char(64),
    expires_at: c.bigint(),
    created_at: c.bigint().default(0),
  },
  { indexes: [{ columns: ['purpose', 'subject'] }, { columns: ['expires_at'] }] },
);

/** Every table, in creation order. `logs` is also created on LOG_SQL_DSN when that is set. */
export const allTables = [
  usersTable,
  tokensTable,
  channelsTable,
  abilitiesTable,
  optionsTable,
  redemptionsTable,
  logsTable,
  midjourneysTable,
  tasksTable,
  quotaDataTable,
  topUpsTable,
  setupsTable,
  oneTimeSecretsTable,
  ...SECURITY_TABLES,
  ...PAYMENT_TABLES,
  ...CATALOGUE_TABLES,
  ...AUDIT_TABLES,
  ...SUBSCRIPTION_TABLES,
  ...CHECKIN_TABLES,
] as const;

/** Every table's rows; the areas of ./schema-security.ts, ./schema-payments.ts, ./schema-catalogue.ts,
 * ./schema-audit.ts, ./schema-subscriptions.ts and ./schema-checkin.ts too. */
export interface Database
  extends SecurityRows,
    PaymentRows,
    CatalogueRows,
    AuditRows,
    SubscriptionRows,
    CheckinRows {
  users: RowOf<typeof usersTable>;
  tokens: RowOf<typeof tokensTable>;
  channels: RowOf<typeof channelsTable>;
  abilities: RowOf<typeof abilitiesTable>;
  options: RowOf<typeof optionsTable>;
  redemptions: RowOf<typeof redemptionsTable>;
  logs: RowOf<typeof logsTable>;
  midjourneys: RowOf<typeof midjourneysTable>;
  tasks: RowOf<typeof tasksTable>;
  quota_data: RowOf<typeof quotaDataTable>;
  top_ups: RowOf<typeof topUpsTable>;
  setups: RowOf<typeof setupsTable>;
  one_time_secrets: RowOf<typeof oneTimeSecretsTable>;
}

/** A channel row as read (shared by the console API and the relay's channel cache). */
export type ChannelRow = import('kysely').Selectable<Database['channels']>;
export type MidjourneyRow = import('kysely').Selectable<Database['midjourneys']>;
export type TaskRow = import('kysely').Selectable<Database['tasks']>;
