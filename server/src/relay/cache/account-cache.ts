/**
 * Tokens and users in memory, with live balances (REFERENCE principle 1). The relay authenticates keys
 * and checks quota here without a database read. Balances are exact: on every (re)load, the value read
 * from the database plus the batch writer's still-queued deltas is the current value; charges change
 * the memory value and queue the same delta for the database.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { BatchWriter } from '../../db/batch-writer.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { Database } from '../../db/schema.ts';
import { type IpAllowList, parseAllowList } from './ip-allow-list.ts';

export interface CachedUser {
  id: number;
  username: string;
  role: number;
  status: number;
  group: string;
  /** Live balance. */
  quota: number;
  deleted: boolean;
  acceptUnsetModelRatio: boolean;
  quotaWarningThreshold: number | null;
  notifyType: string;
  email: string;
}

export interface CachedToken {
  id: number;
  userId: number;
  key: string;
  name: string;
  status: number;
  expiredTime: number;
  /** Live balance. */
  remainQuota: number;
  unlimited: boolean;
  modelLimits: ReadonlySet<string> | null;
  allowIps: IpAllowList | null;
  group: string;
}

type UserRow = Selectable<Database['users']>;
type TokenRow = Selectable<Database['tokens']>;

function parseSetting(text: string | null): Record<string, unknown> {
  if (!text) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

function toCachedUser(row: UserRow, pendingQuota: number): CachedUser {
  const setting = parseSetting(row.setting);
  const threshold = Number(setting.quota_warning_threshold);
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    status: row.status,
    group: row.group,
    quota: Number(row.quota) + pendingQuota,
    deleted: row.deleted_at !== null,
    acceptUnsetModelRatio: setting.accept_unset_model_ratio_model === true,
    quotaWarningThreshold:
      Number.isFinite(threshold) && setting.quota_warning_threshold !== undefined ? threshold : null,
    notifyType: typeof setting.notify_type === 'string' ? setting.notify_type : 'email',
    email: row.email ?? '',
  };
}

function toCachedToken(row: TokenRow, pendingQuota: number): CachedToken {
  const limits = (row.model_limits ?? '')
    .split(',')
    .map((model) => model.trim())
    .filter(Boolean);
  return {
    id: row.id,
    userId: row.user_id,
    key: row.key,
    name: row.name,
    status: row.status,
    expiredTime: Number(row.expired_time),
    remainQuota: Number(row.remain_quota) + pendingQuota,
    unlimited: Boolean(row.unlimited_quota),
    modelLimits: row.model_limits_enabled ? new Set(limits) : null,
    allowIps: parseAllowList(row.allow_ips),
    group: row.group ?? '',
  };
}

export class AccountCache {
  private tokensByKey = new Map<string, CachedToken>();
  private tokensById = new Map<number, CachedToken>();
  private users = new Map<number, CachedUser>();
  private timer: NodeJS.Timeout | undefined;
  private loading: Promise<void> | undefined;

  /** Users and tokens held (metrics). */
  get sizes(): { users: number; tokens: number } {
    return { users: this.users.size, tokens: this.tokensById.size };
  }

  constructor(
    private readonly database: DatabaseHandle,
    private readonly writer: BatchWriter,
    private readonly logger?: Pick<FastifyBaseLogger, 'error'>,
  ) {}

  tokenByKey(key: string): CachedToken | undefined {
    return this.tokensByKey.get(key);
  }

  token(id: number): CachedToken | undefined {
    return this.tokensById.get(id);
  }

  user(id: number): CachedUser | undefined {
    return this.users.get(id);
  }

  /** Full reload of every live token and user. */
  async reload(): Promise<void> {
    this.loading ??= this.loadAll().finally(() => {
      this.loading = undefined;
    });
    return this.loading;
  }

  startSync(intervalSeconds: number): void {
    this.timer = setInterval(() => {
      this.reload().catch((error: unknown) =>
        this.logger?.error({ err: error }, 'account cache reload failed'),
      );
    }, intervalSeconds * 1000);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
  }

  /** Re-reads one user after a console write (quota set, status, group, setting). */
  async refreshUser(id: number): Promise<void> {
    await this.writer.exclusive(async () => {
      const row = await this.database.db
        .selectFrom('users')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row) {
        this.users.delete(id);
        return;
      }
      this.users.set(id, toCachedUser(row, this.writer.pendingDelta('users', id, 'quota')));
    });
  }

  /** Re-reads one token after a console write; a deleted token disappears from the cache. */
  async refreshToken(id: number): Promise<void> {
    await this.writer.exclusive(async () => {
      const row = await this.database.db
        .selectFrom('tokens')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      this.removeToken(id);
      if (row && row.deleted_at === null)
        this.putToken(toCachedToken(row, this.writer.pendingDelta('tokens', id, 'remain_quota')));
    });
  }

  /** Applies a quota change to memory and queues it for the database (positive = credit). */
  changeBalance(userId: number, tokenId: number | null, quotaDelta: number): void {
    if (quotaDelta === 0) return;
    const user = this.users.get(userId);
    if (user) user.quota += quotaDelta;
    this.writer.increment('users', userId, { quota: quotaDelta });
    if (tokenId !== null) {
      const token = this.tokensById.get(tokenId);
      if (token && !token.unlimited) token.remainQuota += quotaDelta;
      if (token && !token.unlimited) this.writer.increment('tokens', tokenId, { remain_quota: quotaDelta });
    }
  }

  /** Marks a token expired (3) or exhausted (4) in memory and in the database. */
  setTokenStatus(tokenId: number, status: number): void {
    const token = this.tokensById.get(tokenId);
    if (token) token.status = status;
    this.writer.assign('tokens', tokenId, { status });
  }

  private putToken(token: CachedToken): void {
    this.tokensByKey.set(token.key, token);
    this.tokensById.set(token.id, token);
  }

  private removeToken(id: number): void {
    const existing = this.tokensById.get(id);
    if (existing) this.tokensByKey.delete(existing.key);
    this.tokensById.delete(id);
  }

  private async loadAll(): Promise<void> {
    await this.writer.exclusive(async () => {
      const { db } = this.database;
      const [users, tokens] = await Promise.all([
        db.selectFrom('users').selectAll().execute(),
        db.selectFrom('tokens').selectAll().where('deleted_at', 'is', null).execute(),
      ]);
      const nextUsers = new Map<number, CachedUser>();
      for (const row of users)
        nextUsers.set(row.id, toCachedUser(row, this.writer.pendingDelta('users', row.id, 'quota')));
      const byKey = new Map<string, CachedToken>();
      const byId = new Map<number, CachedToken>();
      for (const row of tokens) {
        const token = toCachedToken(row, this.writer.pendingDelta('tokens', row.id, 'remain_quota'));
        byKey.set(token.key, token);
        byId.set(token.id, token);
      }
      this.users = nextUsers;
      this.tokensByKey = byKey;
      this.tokensById = byId;
    });
  }
}
