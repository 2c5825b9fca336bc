// Builds what `npm start` runs when it is missing or older than its sources, so a fresh clone serves with
// `npm install && npm start` (a production-only install too: the build tools are dependencies):
// - the server, bundled by esbuild from server/src and common/ into dist/server/main.js (compiled
//   JavaScript: no TypeScript loader at run time, docs/operations.md);
// - the console, built by Vite into web/dist.
// `--force` rebuilds both (`npm run build`); `--server-only` leaves the console alone (the test suite's
// global setup: server/src/test-support/global-build.ts).
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;
const force = process.argv.includes('--force');
const serverOnly = process.argv.includes('--server-only');

function newestModification(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    const time = newestModification(join(path, entry.name));
    if (time > newest) newest = time;
  }
  return newest;
}

function stale(output, sources) {
  if (force || !existsSync(output)) return true;
  return (
    statSync(output).mtimeMs < Math.max(...sources.map((source) => newestModification(join(root, source))))
  );
}

const serverOutput = join(root, 'dist', 'server', 'main.js');
if (stale(serverOutput, ['server/src', 'common', 'package.json'])) {
  console.log('Building the server (dist/server)…');
  await build({
    entryPoints: [join(root, 'server', 'src', 'main.ts')],
    outfile: serverOutput,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Dependencies stay in node_modules; only the project's own code is bundled.
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}

const webOutput = join(root, 'web', 'dist', 'index.html');
if (!serverOnly && stale(webOutput, ['web/src', 'common', 'web/index.html'])) {
  console.log('Building the console (web/dist)…');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'web/vite.config.ts'],
    { cwd: root, stdio: 'inherit' },
  );
}
