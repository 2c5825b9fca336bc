/** Absurd page numbers never reach the database as absurd offsets: every list answers, with an empty page. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiClient,
  createUserAndLogin,
  loginAsRoot,
  startTestServer,
  type TestServer,
} from '../test-support/test-server.ts';

describe('paging of every list', () => {
  let server: TestServer;
  let root: ApiClient;
  let user: ApiClient;
  beforeAll(async () => {
    server = await startTestServer();
    root = await loginAsRoot(server);
    user = await createUserAndLogin(server, root, 'pager');
  });
  afterAll(async () => server?.close());

  const adminLists = [
    '/api/user/',
    '/api/user/search',
    '/api/channel/',
    '/api/channel/search',
    '/api/redemption/',
    '/api/redemption/search',
    '/api/log/',
  ];
  const userLists = ['/api/token/', '/api/token/search', '/api/log/self'];

  it.each(['100000000000000000000', '1e20', '9007199254740993', '-5', 'abc'])(
    'p=%s answers an empty or first page',
    async (p) => {
      for (const [client, paths] of [
        [root, adminLists],
        [user, userLists],
      ] as const) {
        for (const path of paths) {
          const reply = await client.get<{ items: unknown[]; page: number }>(path, { p, keyword: '' });
          expect(reply.status, path).toBe(200);
          expect(reply.body.success, path).toBe(true);
          expect(Array.isArray(reply.body.data?.items), path).toBe(true);
        }
      }
    },
  );
});
