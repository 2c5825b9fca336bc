import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpDatabaseHandle } from '../test-support/database-handle.ts';
import { databaseMatrix, sqliteDialect } from '../test-support/databases.ts';
import { BatchWriter } from './batch-writer.ts';
import { LedgerJournal } from './ledger-journal.ts';
import { runMigrations } from './migrations/index.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('BatchWriter on $name', (dialect) => {
  const { handle, run } = setUpDatabaseHandle(dialect);
  let userId: number;
  let tokenId: number;

  beforeAll(async () => {
    if (dialect.skipReason) return;
    await runMigrations(handle);
    await handle.db
      .insertInto('users')
      .values({ username: 'payer', password: 'x', quota: 1_000_000 })
      .execute();
    userId = (await handle.db.selectFrom('users').select('id').executeTakeFirstOrThrow()).id;
    await handle.db
      .insertInto('tokens')
      .values({ user_id: userId, key: 'k'.repeat(48), remain_quota: 500_000 })
      .execute();
    tokenId = (await handle.db.selectFrom('tokens').select('id').executeTakeFirstOrThrow()).id;
  });

  const userRow = () =>
    handle.db.selectFrom('users').selectAll().where('id', '=', userId).executeTakeFirstOrThrow();
  /** A writer that flushes only when told to, and the errors it reported. */
  const manualWriter = () => {
    const errors: unknown[] = [];
    const writer = new BatchWriter(handle, handle, {
      intervalMs: 60_000,
      onError: (error) => errors.push(error),
    });
    return { writer, errors };
  };

  run('merges 500 concurrent charges into exact totals and writes every log row', async () => {
    const writer = new BatchWriter(handle, handle, { intervalMs: 60_000 });
    const charges = Array.from({ length: 500 }, (_, index) => (index % 7) + 1);
    await Promise.all(
      charges.map(async (quota, index) => {
        writer.increment('users', userId, { quota: -quota, used_quota: quota, request_count: 1 });
        writer.increment('tokens', tokenId, { remain_quota: -quota, used_quota: quota });
        writer.assign('tokens', tokenId, { accessed_time: 1000 + index });
        writer.appendLog({
          user_id: userId,
          type: 2,
          quota,
          created_at: 1,
          model_name: 'gpt-4o',
          content: '',
        });
        if (index % 50 === 0) await writer.flush();
      }),
    );
    await writer.stop();
    const total = charges.reduce((sum, quota) => sum + quota, 0);
    const user = await userRow();
    expect(user.quota).toBe(1_000_000 - total);
    expect(user.used_quota).toBe(total);
    expect(user.request_count).toBe(500);
    const token = await handle.db
      .selectFrom('tokens')
      .selectAll()
      .where('id', '=', tokenId)
      .executeTakeFirstOrThrow();
    expect(token.remain_quota).toBe(500_000 - total);
    expect(token.accessed_time).toBe(1499);
    const logged = await handle.db
      .selectFrom('logs')
      .select((builder) => [
        builder.fn.countAll<number>().as('rows'),
        builder.fn.sum<number>('quota').as('quota'),
      ])
      .executeTakeFirstOrThrow();
    expect(Number(logged.rows)).toBe(500);
    expect(Number(logged.quota)).toBe(total);
  });

  run('re-queues a failed flush so nothing is lost or counted twice', async () => {
    const before = await userRow();
    await handle.db
      .insertInto('logs')
      .values({ id: 900_001, user_id: userId, type: 4, content: 'x' })
      .execute();
    const { writer, errors } = manualWriter();
    writer.increment('users', userId, { used_quota: 10 });
    // A row the database refuses (duplicate id) makes the log write fail after the counters committed.
    writer.appendLog({ id: 900_001, user_id: userId, type: 2, quota: 1 });
    await expect(writer.flush()).rejects.toThrow();
    expect(errors).toHaveLength(1);
    const after = await userRow();
    expect(after.used_quota).toBe(before.used_quota + 10);
    // The counter delta is not pending again; only the log row is (all rows failed: kept for a retry).
    expect(writer.pendingCount).toBe(1);
  });

  run('drops a poison log row instead of blocking the good ones', async () => {
    const { writer, errors } = manualWriter();
    writer.appendLog({ user_id: userId, type: 4, content: 'good one' });
    writer.appendLog({ id: 900_001, user_id: userId, type: 2, quota: 1 });
    writer.appendLog({ user_id: userId, type: 4, content: 'good two' });
    await writer.flush();
    expect(writer.pendingCount).toBe(0);
    expect(String(errors[0])).toMatch(/dropped 1 log row/);
    const written = await handle.db
      .selectFrom('logs')
      .select('content')
      .where('content', 'in', ['good one', 'good two'])
      .execute();
    expect(written).toHaveLength(2);
  });

  run('writes on the next tick when batching is disabled', async () => {
    const writer = new BatchWriter(handle, handle, { intervalMs: 0 });
    writer.increment('users', userId, { request_count: 1 });
    const before = await userRow();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await writer.flush();
    const after = await userRow();
    expect(after.request_count).toBe(before.request_count + 1);
    expect(writer.pendingCount).toBe(0);
  });
});

describe('BatchWriter.exclusive and pendingDelta', () => {
  const { handle } = setUpDatabaseHandle(sqliteDialect);
  const storedQuota = async () =>
    (await handle.db.selectFrom('users').select('quota').where('id', '=', 1).executeTakeFirstOrThrow()).quota;

  it('holds flushes during exclusive work and reports pending deltas', async () => {
    await runMigrations(handle);
    await handle.db.insertInto('users').values({ username: 'u', password: 'x', quota: 100 }).execute();
    const writer = new BatchWriter(handle, handle, { intervalMs: 60_000 });
    writer.increment('users', 1, { quota: -30 });
    const observed = await writer.exclusive(async () => {
      void writer.flush();
      return (await storedQuota()) + writer.pendingDelta('users', 1, 'quota');
    });
    expect(observed).toBe(70);
    await writer.stop();
    expect(await storedQuota()).toBe(70);
    expect(writer.pendingDelta('users', 1, 'quota')).toBe(0);
  });
});

describe('BatchWriter with a journal whose file work fails', () => {
  const { handle } = setUpDatabaseHandle(sqliteDialect);

  it('reports a failed rotation once the writes are committed, and never writes them again', async () => {
    await runMigrations(handle);
    await handle.db.insertInto('users').values({ username: 'u', password: 'x', quota: 100 }).execute();
    const directory = mkdtempSync(join(tmpdir(), 'switchyard-writer-journal-'));
    const path = join(directory, 'journal');
    try {
      LedgerJournal.acquire(path);
      // Every checkpoint rotates (tiny size), and the rotation cannot write its temporary file.
      const journal = new LedgerJournal(path, 10);
      mkdirSync(`${path}.new`);
      const errors: unknown[] = [];
      const writer = new BatchWriter(handle, handle, {
        intervalMs: 60_000,
        journal,
        onError: (error) => errors.push(error),
      });
      writer.increment('users', 1, { used_quota: 10 });
      writer.appendLog({ user_id: 1, type: 2, quota: 10 });
      await writer.flush();
      await writer.flush();
      const user = await handle.db
        .selectFrom('users')
        .select('used_quota')
        .where('id', '=', 1)
        .executeTakeFirstOrThrow();
      expect(user.used_quota).toBe(10);
      const logs = await handle.db.selectFrom('logs').select('quota').execute();
      expect(logs).toEqual([{ quota: 10 }]);
      expect(writer.pendingCount).toBe(0);
      expect(errors.length).toBeGreaterThan(0);
      journal.close(false);
    } finally {
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
