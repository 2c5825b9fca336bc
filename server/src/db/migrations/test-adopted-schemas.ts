/**
 * Test support: databases in the shape new-api and one-api leave them, built with their own column types
 * (GORM's: bigint ids and counters, `json` task and channel columns, boolean flags, soft-delete
 * timestamps) on SQLite, PostgreSQL or MySQL/MariaDB, BEFORE Switchyard has ever run on them, with the rows
 * an operator's database really holds — duplicates Switchyard's unique indexes refuse included.
 * The tables, as each product's model/*.go declares them, are in test-adopted-tables.ts; what Switchyard
 * adds on top comes from its own migrations.
 */
import bcrypt from 'bcryptjs';
import type { DatabaseDialect } from '../dsn.ts';
import { type AnyDatabase, createTables, newApiTables, oneApiTables } from './test-adopted-tables.ts';

/** The first user's enabled TOTP secret in new-api's two_fas (base32, as new-api stores it). */
export const ADOPTED_TOTP_SECRET = 'JBSWY3DPEHPK3PXP';

/** The first user's backup codes, stored as bcrypt hashes in two_fa_backup_codes as new-api stores them. */
export const ADOPTED_BACKUP_CODES = [
  'BKUP-0001',
  'BKUP-0002',
  'BKUP-0003',
  'BKUP-0004',
  'BKUP-0005',
  'BKUP-0006',
];

/** A user row of an adopted database (password: a bcrypt hash as both products store it). */
export interface AdoptedUser {
  username: string;
  passwordHash: string;
  role: number;
}

/**
 * new-api's database: root and a common user (their setting as new-api writes it), a Suno task and a video
 * task whose `json` columns hold objects, a drawing, two top-ups with one trade number (no unique index
 * there, as older new-api versions left it) and a two-factor secret.
 */
export async function buildNewApiDatabase(
  db: AnyDatabase,
  dialect: DatabaseDialect,
  users: { root: AdoptedUser; user: AdoptedUser },
): Promise<{ userId: number }> {
  await createTables(db, dialect, newApiTables());
  await db.insertInto('setups').values({ version: 'v0.9.0', initialized_at: 1_700_000_000 }).execute();
  for (const [index, account] of [users.root, users.user].entries())
    await db
      .insertInto('users')
      .values({
        username: account.username,
        password: account.passwordHash,
        display_name: account.username,
        role: account.role,
        status: 1,
        email: '',
        github_id: '',
        access_token: null,
        quota: 500_000,
        used_quota: 0,
        request_count: 0,
        aff_code: `aff${index}`,
        inviter_id: 0,
        setting: JSON.stringify({ notify_type: 'email', quota_warning_threshold: 1000, record_ip_log: true }),
        created_at: 1_700_000_000,
        auth_version: 1,
      })
      .execute();
  const user = await db
    .selectFrom('users')
    .select('id')
    .where('username', '=', users.user.username)
    .executeTakeFirstOrThrow();
  const userId = Number(user.id);
  await db
    .insertInto('channels')
    .values({
      type: 1,
      key: 'sk-one\nsk-two',
      name: 'multi',
      created_time: 1_700_000_000,
      models: 'gpt-4o',
      other_info: '{}',
      setting: '{}',
      channel_info: JSON.stringify({ is_multi_key: true, multi_key_size: 2, multi_key_mode: 'random' }),
    })
    .execute();
  const task = (taskId: string, platform: string, data: unknown) => ({
    created_at: 1_741_953_600,
    updated_at: 1_741_953_700,
    task_id: taskId,
    platform,
    user_id: userId,
    group: 'default',
    channel_id: 1,
    quota: 1000,
    action: 'MUSIC',
    status: 'SUCCESS',
    fail_reason: '',
    submit_time: 1_741_953_600,
    start_time: 1_741_953_610,
    finish_time: 1_741_953_700,
    progress: '100%',
    properties: JSON.stringify({ input: 'a song about trains', origin_model_name: 'suno_music' }),
    private_data: JSON.stringify({ key: 'sk-upstream', upstream_task_id: `up-${taskId}` }),
    data: JSON.stringify(data),
  });
  await db
    .insertInto('tasks')
    .values(task('task-suno', 'suno', [{ id: 'clip-1', audio_url: 'https://cdn.example/1.mp3' }]))
    .execute();
  await db
    .insertInto('tasks')
    .values(task('task-video', '54', { id: 'video-1', object: 'video', status: 'completed' }))
    .execute();
  await db
    .insertInto('midjourneys')
    .values({
      code: 1,
      user_id: userId,
      action: 'IMAGINE',
      mj_id: '1741953600123456',
      prompt: 'a cat',
      submit_time: 1_741_953_600_000,
      status: 'SUCCESS',
      progress: '100%',
      channel_id: 1,
      quota: 500,
      buttons: JSON.stringify([{ customId: 'MJ::JOB::upsample::1', label: 'U1' }]),
      properties: JSON.stringify({ finalPrompt: 'a cat' }),
    })
    .execute();
  const topUp = {
    user_id: userId,
    amount: 10,
    money: 10,
    trade_no: 'USR1NO1',
    payment_method: 'alipay',
    create_time: 1,
    complete_time: 2,
    status: 'success',
  };
  await db.insertInto('top_ups').values(topUp).execute();
  await db.insertInto('top_ups').values(topUp).execute();
  await db
    .insertInto('two_fas')
    .values({ user_id: userId, secret: ADOPTED_TOTP_SECRET, is_enabled: dialect === 'postgres' ? true : 1 })
    .execute();
  await db
    .insertInto('two_fa_backup_codes')
    .values(
      ADOPTED_BACKUP_CODES.map((code) => ({
        user_id: userId,
        code_hash: bcrypt.hashSync(code, 4),
        is_used: dialect === 'postgres' ? false : 0,
      })),
    )
    .execute();
  return { userId };
}

/**
 * one-api's database: root and a user sharing the empty access token (so the unique index Switchyard adds
 * cannot be made), and a key limited by one-api's `models` and `subnet`.
 */
export async function buildOneApiDatabase(
  db: AnyDatabase,
  dialect: DatabaseDialect,
  users: { root: AdoptedUser; user: AdoptedUser },
): Promise<void> {
  await createTables(db, dialect, oneApiTables());
  for (const [index, account] of [users.root, users.user].entries())
    await db
      .insertInto('users')
      .values({
        username: account.username,
        password: account.passwordHash,
        display_name: account.username,
        role: account.role,
        status: 1,
        email: '',
        access_token: '',
        quota: 500_000,
        aff_code: `one${index}`,
        inviter_id: 0,
      })
      .execute();
  await db
    .insertInto('tokens')
    .values({
      user_id: 2,
      key: 'oneapikey0000000000000000000000000000000000000000'.slice(0, 48),
      name: 'limited',
      created_time: 1_700_000_000,
      accessed_time: 1_700_000_000,
      unlimited_quota: dialect === 'postgres' ? true : 1,
      models: 'gpt-4o-mini',
      subnet: '10.0.0.0/8',
    })
    .execute();
}
