/**
 * The Node flags `npm start` runs Switchyard with, read from package.json's `start` script, so that the
 * benchmark measures the server exactly as users start it (the Dockerfile's CMD names the same flags).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPOSITORY_ROOT } from './children.ts';

/** The compiled server `npm start` runs, relative to the repository root. */
export const BUNDLE = 'dist/server/main.js';

export function startFlags(): string[] {
  const manifest = JSON.parse(readFileSync(join(REPOSITORY_ROOT, 'package.json'), 'utf8')) as {
    scripts: Record<string, string>;
  };
  const command = manifest.scripts.start?.split('&&').at(-1)?.trim().split(/\s+/) ?? [];
  const entry = command.indexOf(BUNDLE);
  if (command[0] !== 'node' || entry < 0)
    throw new Error(`unexpected start script: ${manifest.scripts.start}`);
  return command.slice(1, entry);
}
