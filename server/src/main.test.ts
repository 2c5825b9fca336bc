import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { startServerProcess } from './test-support/server-process.ts';
import { ApiClient } from './test-support/test-server.ts';

describe('the server process', () => {
  it('reports every configuration problem at once and exits 1', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'server/src/main.ts'], {
      env: { ...process.env, PORT: 'abc', NODE_TYPE: 'leader' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => {
      stderr += chunk;
    });
    const [code] = await once(child, 'exit');
    expect(code).toBe(1);
    expect(stderr).toMatch(/PORT/);
    expect(stderr).toMatch(/NODE_TYPE/);
  });

  it('shuts down gracefully on SIGTERM, writing queued quota and logs first', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'switchyard-shutdown-'));
    const path = join(directory, 'one-api.db');
    const server = await startServerProcess({ SQLITE_PATH: path, BATCH_UPDATE_INTERVAL: '3600' });
    const { child, url } = server;
    try {
      const client = new ApiClient(url);
      await client.post('/api/setup', {
        username: 'root',
        password: 'root-password-1',
        confirmPassword: 'root-password-1',
        SelfUseModeEnabled: false,
        DemoSiteEnabled: false,
      });
      await client.login('root', 'root-password-1');
      // A quota change is logged through the batch writer, which would wait an hour before writing.
      const created = await client.post('/api/user/', { username: 'someone', password: 'password-123' });
      expect(created.body.success).toBe(true);
      const listed = await client.get<{ items: { id: number }[] }>('/api/user/search', {
        keyword: 'someone',
      });
      await client.put('/api/user/', { id: listed.body.data!.items[0]!.id, quota: 4242 });
      expect(await server.stop('SIGTERM')).toBe(0);
      const database = new Sqlite(path, { readonly: true });
      const row = database
        .prepare("select count(*) as count from logs where type = 3 and other like '%4242%'")
        .get() as { count: number };
      database.close();
      expect(row.count).toBe(1);
    } finally {
      child.kill('SIGKILL');
      rmSync(directory, { recursive: true, force: true });
    }
  });
});
