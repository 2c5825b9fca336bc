/**
 * Two instances started from one folder on one database with different PORTs (as systemd units often run
 * new-api): each takes its own default ledger journal (named with the port, server/src/config.ts), so both
 * start; the journal an earlier version left at the default path without the port is replayed once and
 * removed (server/src/main.ts).
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createPayerDatabase, writeDamagedJournal } from './db/test-damaged-journal.ts';
import { type ServerProcess, startServerProcess } from './test-support/server-process.ts';

const START_QUOTA = 1_000;
const directory = mkdtempSync(join(tmpdir(), 'switchyard-one-folder-'));

afterAll(() => rmSync(directory, { recursive: true, force: true }));

/** A port nothing listens on now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise((resolve) => server.close(resolve));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

function quotaOf(path: string): number {
  const database = new Sqlite(path, { readonly: true });
  try {
    return (database.prepare('select quota from users where id = 1').get() as { quota: number }).quota;
  } finally {
    database.close();
  }
}

describe('two instances in one folder', () => {
  it('both start, each with a journal named with its port; the earlier default journal is replayed once', async () => {
    const path = join(directory, 'one-api.db');
    await createPayerDatabase(path, START_QUOTA);
    // What an earlier version left at its default path: +1, +20 and +300 to user 1, never flushed.
    writeDamagedJournal(`${path}.ledger`, 'log-content', (lines) => `${lines.join('\n')}\n`);

    const ports = [await freePort(), await freePort()];
    const servers: ServerProcess[] = [];
    try {
      for (const port of ports)
        servers.push(await startServerProcess({ SQLITE_PATH: path, PORT: String(port) }));
      for (const [index, server] of servers.entries()) {
        expect(server.url).toBe(`http://127.0.0.1:${ports[index]}`);
        expect(existsSync(`${path}.${ports[index]}.ledger`)).toBe(true);
        expect((await fetch(`${server.url}/api/status`)).status).toBe(200);
      }
      expect(existsSync(`${path}.ledger`)).toBe(false);
      expect(servers[0]!.output()).toContain('recovered the ledger journal');
      expect(servers[1]!.output()).not.toContain('recovered the ledger journal');
    } finally {
      for (const server of servers) expect(await server.stop('SIGTERM')).toBe(0);
    }
    expect(quotaOf(path)).toBe(START_QUOTA + 1 + 20 + 300);
  }, 60_000);
});
