/**
 * Builds the server bundle once before the server tests (scripts/ensure-build.mjs --server-only), so the
 * tests that start the server as a process (./server-process.ts) run what `npm start` runs.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export default function setup(): void {
  const root = fileURLToPath(new URL('../../..', import.meta.url));
  execFileSync(process.execPath, ['scripts/ensure-build.mjs', '--server-only'], {
    cwd: root,
    stdio: 'inherit',
  });
}
