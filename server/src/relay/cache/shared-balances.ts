/**
 * Live balances of users and tokens held in Redis, for several instances (or WORKERS processes) on one
 * database: docs/scale-out.md. Every instance reserves through one Lua script that checks and takes in a
 * single step, so together they never let a user or a key spend more than its balance plus what calls
 * in flight were allowed to reserve. The database stays the durable ledger: each instance still queues
 * every change for its batch writer, so Redis = database + the changes all instances have queued.
 *
 * A balance enters Redis when it is first needed ("seeded" from the database plus this instance's queued
 * changes, SET NX so the first seed wins) and leaves it after SHARED_BALANCE_IDLE_MS without use; the
 * next use seeds it again from the database, which by then holds every change.
 */
import type { Redis } from 'ioredis';

/** A balance unused this long leaves Redis (its changes have long been written to the database). */
export const SHARED_BALANCE_IDLE_MS = 3_600_000;

/**
 * KEYS: user balance, then token balance when the call has a limited token.
 * ARGV: amount to take, least balance required (≥ amount), idle ms.
 * Returns {status, user balance, token balance}: status 0 taken, 1 user short, 2 token short,
 * -1 user balance not seeded, -2 token balance not seeded.
 */
const reserveScript = `
local user = redis.call('GET', KEYS[1])
if not user then return {-1, 0, 0} end
local token = false
if #KEYS > 1 then
  token = redis.call('GET', KEYS[2])
  if not token then return {-2, 0, 0} end
  token = tonumber(token)
end
user = tonumber(user)
local amount = tonumber(ARGV[1])
local need = tonumber(ARGV[2])
if user < need then return {1, user, token or 0} end
if token and token < need then return {2, user, token} end
if amount > 0 then
  user = redis.call('DECRBY', KEYS[1], amount)
  if token then token = redis.call('DECRBY', KEYS[2], amount) end
end
redis.call('PEXPIRE', KEYS[1], ARGV[3])
if #KEYS > 1 then redis.call('PEXPIRE', KEYS[2], ARGV[3]) end
return {0, user, token or 0}
`;

/**
 * Adds ARGV[1] to every balance of KEYS that is held (one not held is seeded later from the database,
 * which then includes the change). Returns each balance after the change, or -1 … as false when not held.
 */
const changeScript = `
local result = {}
for index, key in ipairs(KEYS) do
  if redis.call('EXISTS', key) == 1 then
    result[index] = redis.call('INCRBY', key, ARGV[1])
    redis.call('PEXPIRE', key, ARGV[2])
  else
    result[index] = false
  end
end
return result
`;

/** Keys per MGET when a full reload reads every held balance. */
const MGET_CHUNK = 1000;

export type BalanceKind = 'user' | 'token';

export type SharedReservation =
  | { status: 'taken'; user: number; token: number | null }
  | { status: 'user_short'; user: number; token: number | null }
  | { status: 'token_short'; user: number; token: number | null };

/** Reads a balance from the database (plus this instance's queued changes) to seed Redis with. */
export type BalanceSeeder = (kind: BalanceKind, id: number) => Promise<number | null>;

interface BalanceCommands {
  switchyardReserve(...args: Array<string | number>): Promise<[number, number, number]>;
  switchyardChange(...args: Array<string | number>): Promise<Array<number | null>>;
}

/** How often changes that could not reach Redis are tried again. */
const RETRY_MS = 1_000;

export class SharedBalances {
  private readonly commands: BalanceCommands;
  /** Changes Redis did not take (it was unreachable), by key, sent again every RETRY_MS. */
  private readonly unsent = new Map<string, number>();
  private retryTimer: NodeJS.Timeout | null = null;

  constructor(
    private readonly redis: Redis,
    private readonly seed: BalanceSeeder,
    private readonly onError: (error: unknown) => void = () => undefined,
    private readonly prefix = 'switchyard:balance:',
  ) {
    // Defined commands run by EVALSHA (the script is sent once per connection, not with every call).
    redis.defineCommand('switchyardReserve', { lua: reserveScript });
    redis.defineCommand('switchyardChange', { lua: changeScript });
    this.commands = redis as unknown as BalanceCommands;
  }

  key(kind: BalanceKind, id: number): string {
    return `${this.prefix}${kind === 'user' ? 'u' : 't'}:${id}`;
  }

  /**
   * Takes `amount` from the user and (when given) the token if both hold at least `need`; otherwise takes
   * nothing and says which one is short. Seeds a balance Redis does not hold yet, once, then retries.
   */
  async reserve(
    userId: number,
    tokenId: number | null,
    amount: number,
    need: number,
  ): Promise<SharedReservation> {
    const keys =
      tokenId === null ? [this.key('user', userId)] : [this.key('user', userId), this.key('token', tokenId)];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const [status, user, token] = await this.commands.switchyardReserve(
        keys.length,
        ...keys,
        amount,
        need,
        SHARED_BALANCE_IDLE_MS,
      );
      const tokenValue = tokenId === null ? null : Number(token);
      if (status === 0) return { status: 'taken', user: Number(user), token: tokenValue };
      if (status === 1) return { status: 'user_short', user: Number(user), token: tokenValue };
      if (status === 2) return { status: 'token_short', user: Number(user), token: tokenValue };
      // A balance Redis does not hold yet is seeded, then the script runs again.
      const kind: BalanceKind = status === -1 ? 'user' : 'token';
      const seeded = await this.seedBalance(kind, kind === 'user' ? userId : (tokenId as number));
      if (seeded === null)
        return { status: kind === 'user' ? 'user_short' : 'token_short', user: 0, token: 0 };
    }
    throw new Error(`could not seed the shared balance of user ${userId} / token ${tokenId}`);
  }

  /**
   * Adds `delta` (negative = charge) to the held balances of the user and the token (either may be
   * null); returns them after the change (null for one not held). Commands on one connection run in
   * order, so a later reserve sees this change.
   */
  async change(
    userId: number | null,
    tokenId: number | null,
    delta: number,
  ): Promise<[number | null, number | null]> {
    const keys: string[] = [];
    if (userId !== null) keys.push(this.key('user', userId));
    if (tokenId !== null) keys.push(this.key('token', tokenId));
    if (keys.length === 0) return [null, null];
    let result: Array<number | null>;
    try {
      result = await this.commands.switchyardChange(keys.length, ...keys, delta, SHARED_BALANCE_IDLE_MS);
    } catch (error) {
      // The database gets the change anyway (batch writer); Redis must too, or it would drift from it.
      for (const key of keys) this.unsent.set(key, (this.unsent.get(key) ?? 0) + delta);
      this.scheduleRetry();
      this.onError(error);
      return [null, null];
    }
    const value = (index: number) =>
      result[index] === null || result[index] === undefined ? null : Number(result[index]);
    if (userId === null) return [null, value(0)];
    return [value(0), tokenId === null ? null : value(1)];
  }

  /** Changes still waiting for Redis (tests, metrics). */
  get unsentCount(): number {
    return this.unsent.size;
  }

  /** Stops retrying (shutdown); what is unsent stays in the database's ledger. */
  close(): void {
    if (this.retryTimer) clearTimeout(this.retryTimer);
    this.retryTimer = null;
  }

  private scheduleRetry(): void {
    if (this.retryTimer) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      void this.sendUnsent();
    }, RETRY_MS);
    this.retryTimer.unref();
  }

  private async sendUnsent(): Promise<void> {
    for (const [key, delta] of [...this.unsent]) {
      try {
        await this.commands.switchyardChange(1, key, delta, SHARED_BALANCE_IDLE_MS);
        if (this.unsent.get(key) === delta) this.unsent.delete(key);
        else this.unsent.set(key, (this.unsent.get(key) ?? 0) - delta);
      } catch (error) {
        this.onError(error);
        this.scheduleRetry();
        return;
      }
    }
  }

  /** Balances held for these keys' owners, in order (null where Redis holds none). */
  async held(kind: BalanceKind, ids: readonly number[]): Promise<Array<number | null>> {
    const balances: Array<number | null> = [];
    for (let start = 0; start < ids.length; start += MGET_CHUNK) {
      const values = await this.redis.mget(
        ids.slice(start, start + MGET_CHUNK).map((id) => this.key(kind, id)),
      );
      for (const value of values) balances.push(value === null ? null : Number(value));
    }
    return balances;
  }

  /**
   * The held balance, seeding it when Redis does not hold it (with `seedValue`, or read through the
   * seeder); null when the row does not exist.
   */
  async current(kind: BalanceKind, id: number, seedValue?: number): Promise<number | null> {
    const held = await this.redis.get(this.key(kind, id));
    if (held !== null) return Number(held);
    return this.seedBalance(kind, id, seedValue);
  }

  /** Forgets a balance (a deleted user or token); the next use seeds it again. */
  async forget(kind: BalanceKind, id: number): Promise<void> {
    await this.redis.del(this.key(kind, id));
  }

  private async seedBalance(kind: BalanceKind, id: number, seedValue?: number): Promise<number | null> {
    const value = seedValue ?? (await this.seed(kind, id));
    if (value === null) return null;
    const key = this.key(kind, id);
    await this.redis.set(key, value, 'PX', SHARED_BALANCE_IDLE_MS, 'NX');
    const held = await this.redis.get(key);
    return held === null ? value : Number(held);
  }
}
