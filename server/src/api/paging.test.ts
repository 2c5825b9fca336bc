/** Absurd page numbers never reach the database as absurd offsets: every list answers, with an empty page. */
import { beforeAll, describe, expect } from 'vitest';
import { databaseMatrix } from '../test-support/databases.ts';
import { setUpSite } from '../test-support/test-site.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('paging of every list on $name', (dialect) => {
  const {
    root,
    users: { user },
    run,
  } = setUpSite({ dialect, users: { user: 'pager' } });
  beforeAll(async () => {
    if (dialect.skipReason) return;
    // Something on every list, so that an empty page is the clamp's doing and not an empty table.
    await user.post('/api/token/', { name: 'mine', remain_quota: 1, unlimited_quota: true });
    await root.post('/api/redemption/', { name: 'code', count: 1, quota: 1 });
  });

  const adminLists = [
    '/api/user/',
    '/api/user/search',
    '/api/channel/',
    '/api/channel/search',
    '/api/redemption/',
    '/api/redemption/search',
    '/api/log/',
    '/api/log/self',
    '/api/mj/',
    '/api/task/',
  ];
  const userLists = ['/api/token/', '/api/token/search', '/api/log/self', '/api/mj/self', '/api/task/self'];
  const lists = () =>
    [
      [root, adminLists],
      [user, userLists],
    ] as const;

  run.each(['100000000000000000000', '1e20', '9007199254740993', 'Infinity'])(
    'p=%s answers an empty page',
    async (p) => {
      for (const [client, paths] of lists()) {
        for (const path of paths) {
          const reply = await client.get<{ items: unknown[] }>(path, { p, page_size: '1e20', keyword: '' });
          expect(reply.status, path).toBe(200);
          expect(reply.body.success, path).toBe(true);
          expect(reply.body.data?.items, path).toEqual([]);
        }
      }
    },
  );

  run.each(['-5', '0', 'abc', '1.5', ''])('p=%s answers the first page', async (p) => {
    for (const [client, paths] of lists()) {
      for (const path of paths) {
        const reply = await client.get<{ items: unknown[]; page: number; page_size: number }>(path, {
          p,
          page_size: 'x',
          keyword: '',
        });
        expect(reply.status, path).toBe(200);
        expect(reply.body.data?.page, path).toBe(1);
        expect(reply.body.data?.page_size, path).toBe(10);
      }
    }
  });

  run('the lists the clamp empties are not empty on the first page', async () => {
    for (const [client, path] of [
      [root, '/api/user/'],
      [root, '/api/redemption/'],
      [user, '/api/token/'],
    ] as const) {
      const reply = await client.get<{ items: unknown[] }>(path);
      expect(reply.body.data?.items.length, path).toBeGreaterThan(0);
    }
  });
});
