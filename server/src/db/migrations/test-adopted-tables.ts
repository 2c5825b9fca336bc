/**
 * Test support: the tables new-api and one-api create, with their own column types (GORM's: bigint ids and
 * counters, `json` task and channel columns, boolean flags, soft-delete timestamps), defaults and NOT NULL
 * constraints, on SQLite, PostgreSQL or MySQL/MariaDB. Only the tables and columns these tests need are
 * declared; what Switchyard adds on top comes from its own migrations. The rows are in test-adopted-schemas.ts.
 */
import { type Kysely, sql } from 'kysely';
import type { DatabaseDialect } from '../dsn.ts';

// biome-ignore lint/suspicious/noExplicitAny: the adopted tables are not Switchyard's typed schema.
export type AnyDatabase = Kysely<any>;

/** GORM's column kinds, as each database spells them. */
type Kind =
  | 'pk'
  | 'bigint'
  | 'int'
  | 'bool'
  | 'text'
  | 'json'
  | 'double'
  | 'deleted_at'
  | 'datetime'
  | `varchar(${number})`;

interface AdoptedTable {
  name: string;
  /**
   * [column, kind, default (SQL literal, already portable) or undefined, 'not null' where the GORM tag says
   * `not null`]
   */
  columns: [string, Kind, string?, 'not null'?][];
  /** [index name, columns, unique] */
  indexes?: [string, string[], boolean][];
}

function columnType(kind: Kind, dialect: DatabaseDialect): string {
  const types: Record<Exclude<Kind, `varchar(${number})`>, Record<DatabaseDialect, string>> = {
    pk: {
      sqlite: 'integer primary key autoincrement',
      postgres: 'bigserial primary key',
      mysql: 'bigint auto_increment primary key',
    },
    bigint: { sqlite: 'integer', postgres: 'bigint', mysql: 'bigint' },
    int: { sqlite: 'integer', postgres: 'bigint', mysql: 'bigint' },
    bool: { sqlite: 'numeric', postgres: 'boolean', mysql: 'tinyint(1)' },
    text: { sqlite: 'text', postgres: 'text', mysql: 'longtext' },
    json: { sqlite: 'json', postgres: 'json', mysql: 'json' },
    double: { sqlite: 'real', postgres: 'double precision', mysql: 'double' },
    deleted_at: { sqlite: 'datetime', postgres: 'timestamptz', mysql: 'datetime(3)' },
    datetime: { sqlite: 'datetime', postgres: 'timestamptz', mysql: 'datetime(3)' },
  };
  return kind.startsWith('varchar') ? kind : types[kind as keyof typeof types][dialect];
}

function quote(name: string, dialect: DatabaseDialect): string {
  return dialect === 'mysql' ? `\`${name}\`` : `"${name}"`;
}

export async function createTables(
  db: AnyDatabase,
  dialect: DatabaseDialect,
  tables: AdoptedTable[],
): Promise<void> {
  for (const table of tables) {
    const columns = table.columns.map(([name, kind, defaultValue, notNull]) => {
      let definition = `${quote(name, dialect)} ${columnType(kind, dialect)}`;
      if (notNull) definition += ' not null';
      if (defaultValue !== undefined) {
        const literal =
          kind === 'bool' && dialect === 'postgres'
            ? defaultValue === '1'
              ? 'true'
              : 'false'
            : defaultValue;
        definition += ` default ${literal}`;
      }
      return definition;
    });
    const suffix = dialect === 'mysql' ? ' engine=InnoDB default charset=utf8mb4' : '';
    await sql.raw(`create table ${quote(table.name, dialect)} (${columns.join(', ')})${suffix}`).execute(db);
    for (const [name, indexColumns, unique] of table.indexes ?? []) {
      const list = indexColumns.map((column) => quote(column, dialect)).join(', ');
      await sql
        .raw(
          `create ${unique ? 'unique ' : ''}index ${quote(name, dialect)} on ${quote(table.name, dialect)} (${list})`,
        )
        .execute(db);
    }
  }
}

/** The tables both products share, as new-api's model/*.go declares them (the columns these tests touch). */
export function newApiTables(): AdoptedTable[] {
  return [
    {
      name: 'users',
      columns: [
        ['id', 'pk'],
        ['username', 'varchar(191)'],
        // `gorm:"not null;"` with no default: every insert must give it.
        ['password', 'text', undefined, 'not null'],
        ['display_name', 'varchar(191)'],
        ['role', 'int', '1'],
        ['status', 'int', '1'],
        ['email', 'varchar(191)'],
        ['github_id', 'varchar(191)'],
        ['discord_id', 'varchar(191)'],
        ['oidc_id', 'varchar(191)'],
        ['wechat_id', 'varchar(191)'],
        ['telegram_id', 'varchar(191)'],
        ['access_token', 'varchar(32)'],
        ['quota', 'bigint', '0'],
        ['used_quota', 'bigint', '0'],
        ['request_count', 'bigint', '0'],
        ['group', 'varchar(64)', "'default'"],
        ['aff_code', 'varchar(32)'],
        ['aff_count', 'int', '0'],
        ['aff_quota', 'int', '0'],
        ['aff_history', 'int', '0'],
        ['inviter_id', 'int'],
        ['invite_rebate_eligible', 'bool', '0'],
        ['deleted_at', 'deleted_at'],
        ['linux_do_id', 'varchar(191)'],
        ['setting', 'text'],
        ['remark', 'varchar(255)'],
        ['stripe_customer', 'varchar(64)'],
        ['created_at', 'bigint'],
        ['last_login_at', 'bigint', '0'],
        ['auth_version', 'bigint', '1', 'not null'],
      ],
      indexes: [
        ['idx_users_username', ['username'], true],
        ['idx_users_access_token', ['access_token'], true],
        ['idx_users_aff_code', ['aff_code'], true],
      ],
    },
    {
      name: 'channels',
      columns: [
        ['id', 'pk'],
        ['type', 'int', '0'],
        // `gorm:"not null"` with no default: every insert must give it.
        ['key', 'text', undefined, 'not null'],
        ['open_ai_organization', 'text'],
        ['test_model', 'text'],
        ['status', 'int', '1'],
        ['name', 'varchar(191)'],
        ['weight', 'bigint', '0'],
        ['created_time', 'bigint'],
        ['test_time', 'bigint'],
        ['response_time', 'int'],
        ['base_url', 'text'],
        ['other', 'text'],
        ['balance', 'double'],
        ['balance_updated_time', 'bigint'],
        ['models', 'text'],
        ['group', 'varchar(64)', "'default'"],
        ['used_quota', 'bigint', '0'],
        ['model_mapping', 'text'],
        ['status_code_mapping', 'varchar(1024)', "''"],
        ['priority', 'bigint', '0'],
        ['auto_ban', 'int', '1'],
        ['need_reconcile', 'int', '0'],
        ['tag', 'varchar(191)'],
        ['remark', 'varchar(255)'],
        ['settings', 'text'],
        ['other_info', 'text'],
        ['setting', 'text'],
        ['param_override', 'text'],
        ['header_override', 'text'],
        ['channel_info', 'json'],
      ],
    },
    {
      name: 'tasks',
      columns: [
        ['id', 'pk'],
        ['created_at', 'bigint'],
        ['updated_at', 'bigint'],
        ['task_id', 'varchar(191)'],
        ['platform', 'varchar(30)'],
        ['user_id', 'int'],
        ['group', 'varchar(50)'],
        ['channel_id', 'int'],
        ['quota', 'int'],
        ['action', 'varchar(40)'],
        ['status', 'varchar(20)'],
        ['fail_reason', 'text'],
        ['submit_time', 'bigint'],
        ['start_time', 'bigint'],
        ['finish_time', 'bigint'],
        ['progress', 'varchar(20)'],
        ['properties', 'json'],
        ['private_data', 'json'],
        ['data', 'json'],
      ],
    },
    {
      name: 'midjourneys',
      columns: [
        ['id', 'pk'],
        ['code', 'int'],
        ['user_id', 'int'],
        ['action', 'varchar(40)'],
        ['mj_id', 'varchar(191)'],
        ['prompt', 'text'],
        ['submit_time', 'bigint'],
        ['status', 'varchar(20)'],
        ['progress', 'varchar(30)'],
        ['channel_id', 'int'],
        ['quota', 'bigint'],
        ['buttons', 'text'],
        ['properties', 'text'],
      ],
    },
    {
      name: 'top_ups',
      columns: [
        ['id', 'pk'],
        ['user_id', 'int'],
        ['amount', 'bigint'],
        ['money', 'double'],
        ['trade_no', 'varchar(255)'],
        ['payment_method', 'varchar(50)'],
        ['create_time', 'bigint'],
        ['complete_time', 'bigint'],
        ['status', 'text'],
      ],
    },
    {
      name: 'tokens',
      columns: [
        ['id', 'pk'],
        ['user_id', 'int'],
        ['key', 'varchar(128)'],
        ['status', 'int', '1'],
        ['name', 'varchar(191)'],
        ['created_time', 'bigint'],
        ['accessed_time', 'bigint'],
        ['expired_time', 'bigint', '-1'],
        ['remain_quota', 'int', '0'],
        ['unlimited_quota', 'bool'],
        ['model_limits_enabled', 'bool'],
        ['model_limits', 'text'],
        ['allow_ips', 'varchar(191)', "''"],
        ['used_quota', 'int', '0'],
        ['group', 'varchar(191)', "''"],
        ['cross_group_retry', 'bool'],
        ['billing_type', 'int', '0'],
        ['deleted_at', 'deleted_at'],
      ],
      indexes: [['idx_tokens_key', ['key'], true]],
    },
    {
      name: 'redemptions',
      columns: [
        ['id', 'pk'],
        ['user_id', 'int'],
        ['key', 'varchar(32)'],
        ['status', 'int', '1'],
        ['name', 'varchar(191)'],
        ['quota', 'int', '100'],
        ['created_time', 'bigint'],
        ['redeemed_time', 'bigint'],
        ['used_user_id', 'int'],
        ['deleted_at', 'deleted_at'],
        ['expired_time', 'bigint'],
      ],
      indexes: [['idx_redemptions_key', ['key'], true]],
    },
    {
      name: 'logs',
      columns: [
        ['id', 'pk'],
        ['user_id', 'int'],
        ['created_at', 'bigint'],
        ['type', 'int'],
        ['content', 'text'],
        ['username', 'varchar(191)', "''"],
        ['token_name', 'varchar(191)', "''"],
        ['model_name', 'varchar(191)', "''"],
        ['quota', 'int', '0'],
        ['prompt_tokens', 'int', '0'],
        ['completion_tokens', 'int', '0'],
        ['use_time', 'int', '0'],
        ['is_stream', 'bool'],
        ['channel_id', 'int'],
        ['token_id', 'int', '0'],
        ['group', 'varchar(191)'],
        ['ip', 'varchar(191)', "''"],
        ['other', 'text'],
      ],
    },
    {
      name: 'quota_data',
      columns: [
        ['id', 'pk'],
        ['user_id', 'int'],
        ['username', 'varchar(64)', "''"],
        ['model_name', 'varchar(64)', "''"],
        ['created_at', 'bigint'],
        ['token_used', 'int', '0'],
        ['count', 'int', '0'],
        ['quota', 'int', '0'],
      ],
    },
    {
      name: 'setups',
      columns: [
        ['id', 'pk'],
        ['version', 'varchar(50)'],
        ['initialized_at', 'bigint'],
      ],
    },
    // Two-factor sign-in (docs/security.md): alice's enabled secret and backup codes, used at her logins.
    {
      name: 'two_fas',
      columns: [
        ['id', 'pk'],
        ['user_id', 'int'],
        ['secret', 'varchar(255)'],
        ['is_enabled', 'bool', '0'],
        ['failed_attempts', 'int', '0'],
        ['deleted_at', 'deleted_at'],
      ],
      indexes: [['idx_two_fas_user_id', ['user_id'], true]],
    },
    {
      name: 'two_fa_backup_codes',
      columns: [
        ['id', 'pk'],
        ['user_id', 'int'],
        ['code_hash', 'varchar(255)'],
        ['is_used', 'bool', '0'],
        ['used_at', 'datetime'],
        ['created_at', 'datetime'],
        ['deleted_at', 'deleted_at'],
      ],
      indexes: [['idx_two_fa_backup_codes_user_id', ['user_id'], false]],
    },
  ];
}

/** one-api's tables (songquanpeng/one-api model/*.go): no tasks, no top-ups; tokens keep models and subnet. */
export function oneApiTables(): AdoptedTable[] {
  return [
    {
      name: 'users',
      columns: [
        ['id', 'pk'],
        ['username', 'varchar(191)'],
        ['password', 'text'],
        ['display_name', 'varchar(191)'],
        ['role', 'int', '1'],
        ['status', 'int', '1'],
        ['email', 'varchar(191)'],
        ['access_token', 'varchar(32)'],
        ['quota', 'bigint', '0'],
        ['used_quota', 'bigint', '0'],
        ['request_count', 'bigint', '0'],
        ['group', 'varchar(32)', "'default'"],
        ['aff_code', 'varchar(32)'],
        ['inviter_id', 'int'],
      ],
      // one-api's unique index on access_token never got made where users shared the empty token.
      indexes: [['idx_users_username', ['username'], true]],
    },
    {
      name: 'tokens',
      columns: [
        ['id', 'pk'],
        ['user_id', 'int'],
        ['key', 'varchar(48)'],
        ['status', 'int', '1'],
        ['name', 'varchar(191)'],
        ['created_time', 'bigint'],
        ['accessed_time', 'bigint'],
        ['expired_time', 'bigint', '-1'],
        ['remain_quota', 'bigint', '0'],
        ['unlimited_quota', 'bool', '0'],
        ['used_quota', 'bigint', '0'],
        ['models', 'text'],
        ['subnet', 'text'],
      ],
      indexes: [['idx_tokens_key', ['key'], true]],
    },
  ];
}
