/**
 * Tokens and users in memory, with live balances (principle 1 of docs/reference/design-principles.md). The relay authenticates keys
 * and checks quota here without a database read. Balances are exact: on every (re)load, the value read
 * from the database plus the batch writer's still-queued deltas is the current value; charges change
 * the memory value and queue the same delta for the database.
 */

import type { FastifyBaseLogger } from 'fastify';
import { TokenStatus } from '../../../../common/statuses.ts';
import type { LimitSet } from '../../../../common/traffic-limits.ts';
import type { BatchWriter } from '../../db/batch-writer.ts';
import type { DatabaseHandle } from '../../db/connect.ts';
import type { CacheBus } from '../../lib/cache-bus.ts';
import { type CachedToken, type CachedUser, toCachedToken, toCachedUser } from './cached-accounts.ts';
import { loadAllowances } from './cached-subscriptions.ts';
import type { BalanceKind, SharedBalances, SharedReservation } from './shared-balances.ts';
import { type StoredLimitsWarning, warnOnProcess } from './stored-limits.ts';

export type { CachedToken, CachedUser } from './cached-accounts.ts';

function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export class AccountCache {
  private tokensByKey = new Map<string, CachedToken>();
  private tokensById = new Map<number, CachedToken>();
  private users = new Map<number, CachedUser>();
  private timer: NodeJS.Timeout | undefined;
  private loading: Promise<void> | undefined;
  /** Balances shared with other instances through Redis (REDIS_CONN_STRING), or null: this memory rules. */
  private shared: SharedBalances | null = null;
  private bus: CacheBus | null = null;

  /** Users and tokens held (metrics). */
  get sizes(): { users: number; tokens: number } {
    return { users: this.users.size, tokens: this.tokensById.size };
  }

  constructor(
    private readonly database: DatabaseHandle,
    private readonly writer: BatchWriter,
    private readonly logger?: Pick<FastifyBaseLogger, 'error' | 'warn'>,
  ) {}

  /** A user's or key's stored limits that cannot be read are ignored and said once (./stored-limits.ts). */
  private readonly warnLimits: StoredLimitsWarning = (owner, problem) =>
    this.logger
      ? this.logger.warn({ owner, ...problem }, 'stored limits ignored')
      : warnOnProcess(owner, problem);

  /** From now on balances live in Redis and this cache's changes are announced on the bus. */
  share(shared: SharedBalances, bus: CacheBus): void {
    this.shared = shared;
    this.bus = bus;
  }

  /**
   * True when balances are shared with other instances: the values held here may then be behind, and only
   * `reserveShared` may refuse a caller for lack of quota.
   */
  get sharesBalances(): boolean {
    return this.shared !== null;
  }

  /** This instance's idea of a balance to seed Redis with: the database value plus queued changes. */
  async databaseBalance(kind: BalanceKind, id: number): Promise<number | null> {
    return this.writer.exclusive(async () => {
      const { db } = this.database;
      if (kind === 'user') {
        const row = await db.selectFrom('users').select('quota').where('id', '=', id).executeTakeFirst();
        return row ? Number(row.quota) + this.writer.pendingDelta('users', id, 'quota') : null;
      }
      const row = await db
        .selectFrom('tokens')
        .select('remain_quota')
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? Number(row.remain_quota) + this.writer.pendingDelta('tokens', id, 'remain_quota') : null;
    });
  }

  /** The users and keys that have traffic limits (the limiter's seeding at boot, server/src/relay/call/limit-seeding.ts). */
  *limited(): Generator<{ kind: 'user' | 'token'; id: number; limits: LimitSet }> {
    for (const user of this.users.values())
      if (user.limits) yield { kind: 'user', id: user.id, limits: user.limits };
    for (const token of this.tokensById.values())
      if (token.limits) yield { kind: 'token', id: token.id, limits: token.limits };
  }

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

  /** Re-reads one user after a console write (quota set, status, group, setting) and announces it. */
  async refreshUser(id: number): Promise<void> {
    await this.reloadUser(id);
    this.bus?.publish({ kind: 'user', id });
  }

  /** Re-reads one token after a console write and announces it; a deleted token leaves the cache. */
  async refreshToken(id: number): Promise<void> {
    await this.reloadToken(id);
    this.bus?.publish({ kind: 'token', id });
  }

  /** Re-reads one user (another instance changed it). */
  async reloadUser(id: number): Promise<void> {
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
      const user = toCachedUser(row, this.writer.pendingDelta('users', id, 'quota'), this.warnLimits);
      const allowances = await loadAllowances(this.database, this.writer, nowSeconds(), id);
      user.allowances = allowances.get(id) ?? [];
      if (this.shared) user.quota = (await this.shared.current('user', id, user.quota)) ?? user.quota;
      this.users.set(id, user);
    });
  }

  /** Re-reads one token (another instance changed it); a deleted token leaves the cache. */
  async reloadToken(id: number): Promise<void> {
    await this.writer.exclusive(async () => {
      const row = await this.database.db
        .selectFrom('tokens')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      if (!row || row.deleted_at !== null) {
        this.removeToken(id);
        return;
      }
      const token = toCachedToken(
        row,
        this.writer.pendingDelta('tokens', id, 'remain_quota'),
        this.warnLimits,
      );
      if (this.shared && !token.unlimited)
        token.remainQuota = (await this.shared.current('token', id, token.remainQuota)) ?? token.remainQuota;
      // Swapped in one step after every await: the key never goes missing while it is re-read.
      this.removeToken(id);
      this.putToken(token);
    });
  }

  /**
   * Applies a quota change (positive = credit) to memory, to the shared balances when there are, and
   * queues it for the database.
   */
  changeBalance(userId: number, tokenId: number | null, quotaDelta: number): void {
    if (quotaDelta === 0) return;
    const limitedToken = this.limitedToken(tokenId);
    this.queueChange(userId, limitedToken, quotaDelta);
    const user = this.users.get(userId);
    if (user) user.quota += quotaDelta;
    if (limitedToken) limitedToken.remainQuota += quotaDelta;
    if (!this.shared) return;
    this.shared
      .change(userId, limitedToken?.id ?? null, quotaDelta)
      .then(([userBalance, tokenBalance]) =>
        this.noteBalances(userId, limitedToken, userBalance, tokenBalance),
      )
      .catch((error: unknown) => this.logger?.error({ err: error }, 'shared balance change failed'));
  }

  /**
   * Shared balances only: takes `amount` from the user and the (limited) token in Redis when both hold at
   * least `need`, and queues the charge for the database. The values held here follow Redis's answer.
   */
  async reserveShared(
    userId: number,
    tokenId: number | null,
    amount: number,
    need: number,
    record: (charge: () => void) => void,
  ): Promise<SharedReservation> {
    if (!this.shared) throw new Error('reserveShared without shared balances');
    const limitedToken = this.limitedToken(tokenId);
    const outcome = await this.shared.reserve(userId, limitedToken?.id ?? null, amount, need);
    this.noteBalances(userId, limitedToken, outcome.user, outcome.token);
    if (outcome.status === 'taken' && amount > 0)
      record(() => this.queueChange(userId, limitedToken, -amount));
    return outcome;
  }

  /**
   * Sets a balance to `value` (a console edit). Alone, the database is written at once and queued charges
   * made before are dropped; with shared balances the difference from the live balance is applied as a
   * change everywhere, so other instances' queued charges still add up exactly.
   */
  async setBalance(kind: BalanceKind, id: number, value: number): Promise<void> {
    if (this.shared) {
      const live = (await this.shared.current(kind, id)) ?? value;
      const delta = value - live;
      if (delta === 0) return;
      if (kind === 'user') this.writer.increment('users', id, { quota: delta });
      else this.writer.increment('tokens', id, { remain_quota: delta });
      await this.shared.change(kind === 'user' ? id : null, kind === 'token' ? id : null, delta);
      return;
    }
    await this.writer.exclusive(async () => {
      const { db } = this.database;
      if (kind === 'user') {
        this.writer.discardPending('users', id, 'quota');
        await db.updateTable('users').set({ quota: value }).where('id', '=', id).execute();
      } else {
        this.writer.discardPending('tokens', id, 'remain_quota');
        await db.updateTable('tokens').set({ remain_quota: value }).where('id', '=', id).execute();
      }
    });
  }

  /** The live balance: Redis's when shared (seeding it if needed), else the one held here. */
  async liveBalance(kind: BalanceKind, id: number): Promise<number | null> {
    if (this.shared) return this.shared.current(kind, id);
    if (kind === 'user') return this.users.get(id)?.quota ?? null;
    return this.tokensById.get(id)?.remainQuota ?? null;
  }

  /** The database already holds a credit of `amount` for the user (a top-up): bring the balances along. */
  async credited(userId: number, amount: number): Promise<void> {
    if (this.shared && amount !== 0) await this.shared.change(userId, null, amount);
    await this.refreshUser(userId);
  }

  private limitedToken(tokenId: number | null): CachedToken | null {
    if (tokenId === null) return null;
    const token = this.tokensById.get(tokenId);
    return token && !token.unlimited ? token : null;
  }

  private queueChange(userId: number, limitedToken: CachedToken | null, quotaDelta: number): void {
    this.writer.increment('users', userId, { quota: quotaDelta });
    if (limitedToken) this.writer.increment('tokens', limitedToken.id, { remain_quota: quotaDelta });
  }

  private noteBalances(
    userId: number,
    limitedToken: CachedToken | null,
    userBalance: number | null,
    tokenBalance: number | null,
  ): void {
    const user = this.users.get(userId);
    if (user && userBalance !== null) user.quota = userBalance;
    if (limitedToken && tokenBalance !== null) limitedToken.remainQuota = tokenBalance;
  }

  /**
   * Marks an enabled token expired (3) or exhausted (4) in memory and, at once, in the database — only
   * while it is still enabled there. Not through the batch writer: a status queued for seconds would be
   * written after an edit made meanwhile (a refill that re-enabled the key) and undo it.
   */
  setTokenStatus(tokenId: number, status: number): void {
    const token = this.tokensById.get(tokenId);
    if (token) token.status = status;
    this.database.db
      .updateTable('tokens')
      .set({ status })
      .where('id', '=', tokenId)
      .where('status', '=', TokenStatus.enabled)
      .execute()
      .catch((error: unknown) =>
        this.logger?.error({ err: error, tokenId }, 'could not record a key status'),
      );
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
      const [users, tokens, allowances] = await Promise.all([
        db.selectFrom('users').selectAll().execute(),
        db.selectFrom('tokens').selectAll().where('deleted_at', 'is', null).execute(),
        loadAllowances(this.database, this.writer, nowSeconds()),
      ]);
      const nextUsers = new Map<number, CachedUser>();
      for (const row of users) {
        const user = toCachedUser(row, this.writer.pendingDelta('users', row.id, 'quota'), this.warnLimits);
        user.allowances = allowances.get(row.id) ?? [];
        nextUsers.set(row.id, user);
      }
      const byKey = new Map<string, CachedToken>();
      const byId = new Map<number, CachedToken>();
      for (const row of tokens) {
        const token = toCachedToken(
          row,
          this.writer.pendingDelta('tokens', row.id, 'remain_quota'),
          this.warnLimits,
        );
        byKey.set(token.key, token);
        byId.set(token.id, token);
      }
      if (this.shared) await this.takeSharedBalances(nextUsers, byId);
      this.users = nextUsers;
      this.tokensByKey = byKey;
      this.tokensById = byId;
    });
  }

  /** With shared balances, the live values are Redis's wherever it holds them. */
  private async takeSharedBalances(
    users: Map<number, CachedUser>,
    tokens: Map<number, CachedToken>,
  ): Promise<void> {
    const shared = this.shared as SharedBalances;
    const userIds = [...users.keys()];
    const tokenIds = [...tokens.keys()];
    const [userBalances, tokenBalances] = await Promise.all([
      shared.held('user', userIds),
      shared.held('token', tokenIds),
    ]);
    userIds.forEach((id, index) => {
      const balance = userBalances[index];
      const user = users.get(id);
      if (user && balance !== null && balance !== undefined) user.quota = balance;
    });
    tokenIds.forEach((id, index) => {
      const balance = tokenBalances[index];
      const token = tokens.get(id);
      if (token && !token.unlimited && balance !== null && balance !== undefined) token.remainQuota = balance;
    });
  }
}
