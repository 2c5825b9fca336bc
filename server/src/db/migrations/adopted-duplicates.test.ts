/**
 * An adopted database whose rows break a unique index Switchyard adds (two top-ups with one trade_no):
 * every start warns, naming the index, instead of failing silently; once the duplicates are gone the
 * next start creates the index (server/src/db/migrations/index.ts runMigrations).
 */
import { describe, expect } from 'vitest';
import { setUpDatabaseHandle } from '../../test-support/database-handle.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { runMigrations } from './index.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('duplicate trade numbers on $name', (dialect) => {
  const { handle, run } = setUpDatabaseHandle(dialect);

  run('are reported at every start, and the index made once they are gone', async () => {
    await runMigrations(handle);
    // The database as new-api left it: no unique index, the same trade number twice.
    const drop = handle.db.schema.dropIndex('idx_top_ups_trade_no');
    await (handle.dialect === 'mysql' ? drop.on('top_ups') : drop).execute();
    const topUp = { user_id: 1, amount: 10, money: 10, trade_no: 'T-1', create_time: 1, status: 'success' };
    await handle.db.insertInto('top_ups').values(topUp).execute();
    await handle.db.insertInto('top_ups').values(topUp).execute();

    for (let start = 0; start < 2; start += 1) {
      const warnings: string[] = [];
      await runMigrations(handle, undefined, (warning) => warnings.push(warning));
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toContain('idx_top_ups_trade_no on top_ups');
    }

    const [keep] = await handle.db.selectFrom('top_ups').select('id').orderBy('id').execute();
    await handle.db.deleteFrom('top_ups').where('id', '!=', keep!.id).execute();
    const warnings: string[] = [];
    await runMigrations(handle, undefined, (warning) => warnings.push(warning));
    expect(warnings).toEqual([]);
    await expect(handle.db.insertInto('top_ups').values(topUp).execute()).rejects.toThrow();
  });
});
