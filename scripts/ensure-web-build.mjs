// Builds the console before `npm start` when web/dist is missing or older than the console sources,
// so a fresh clone serves the console with `npm install && npm start` and no separate build step.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const distIndex = join(root, 'web', 'dist', 'index.html');

function newestModification(directory) {
  let newest = 0;
  for (const entry of readdirSync(directory, { withFileTypes: true })) {
    const path = join(directory, entry.name);
    const time = entry.isDirectory() ? newestModification(path) : statSync(path).mtimeMs;
    if (time > newest) newest = time;
  }
  return newest;
}

const sources = [join(root, 'web', 'src'), join(root, 'common')];
const sourceTime = Math.max(
  ...sources.map(newestModification),
  statSync(join(root, 'web', 'index.html')).mtimeMs,
);
if (!existsSync(distIndex) || statSync(distIndex).mtimeMs < sourceTime) {
  console.log('Building the console (web/dist)…');
  execFileSync(
    process.execPath,
    [join(root, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--config', 'web/vite.config.ts'],
    {
      cwd: root,
      stdio: 'inherit',
    },
  );
}
