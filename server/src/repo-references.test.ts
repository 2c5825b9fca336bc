/**
 * Every file of the repository that names another file of it (a comment citing `docs/…md`, a doc pointing
 * at `server/src/…ts`) names one that exists, and nothing cites the briefing documents that are not part of
 * the repository. Moving or deleting a file without mending its citations fails here.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '../..');
const SCANNED = ['server', 'web', 'common', 'e2e', 'bench', 'docs', 'scripts', '.ci'];
const SKIPPED_DIRECTORIES = new Set(['node_modules', 'dist', 'out', '.vite', 'coverage']);
const TEXT_FILE = /\.(ts|tsx|mjs|cjs|js|md|css|html|json)$/;
/** A path inside the repository: a top folder, then path characters, then an extension. */
const CITATION =
  /\b((?:docs|server|web|common|e2e|bench|scripts)\/[A-Za-z0-9_.\-/[\]]+?\.(?:md|tsx|ts|mjs|cjs|json|css|html))(?![A-Za-z0-9])/g;
/** Outputs the benchmark writes when it runs (bench/README.md): cited, never committed. */
const GENERATED = /^bench\/out\//;
const BRIEFING = /(spec §|REFERENCE §|DESIGN principle|\.\.\/shared\/)/;

function filesUnder(directory: string): string[] {
  const found: string[] = [];
  for (const entry of readdirSync(directory)) {
    if (SKIPPED_DIRECTORIES.has(entry)) continue;
    const path = join(directory, entry);
    if (statSync(path).isDirectory()) found.push(...filesUnder(path));
    else if (TEXT_FILE.test(entry)) found.push(path);
  }
  return found;
}

function scannedFiles(): string[] {
  const roots = SCANNED.map((name) => join(ROOT, name)).filter((path) => existsSync(path));
  const topLevel = readdirSync(ROOT)
    .filter((entry) => TEXT_FILE.test(entry) && entry !== 'package-lock.json')
    .map((entry) => join(ROOT, entry));
  return [...topLevel, ...roots.flatMap(filesUnder)];
}

describe('citations inside the repository', () => {
  const files = scannedFiles();

  it('scans the source and the docs', () => {
    expect(files.some((file) => file.endsWith(join('server', 'src', 'main.ts')))).toBe(true);
    expect(files.some((file) => file.endsWith(join('docs', 'architecture.md')))).toBe(true);
  });

  it('every cited repository path exists', () => {
    const missing: string[] = [];
    for (const file of files) {
      const text = readFileSync(file, 'utf8');
      for (const match of text.matchAll(CITATION)) {
        const cited = match[1] as string;
        if (GENERATED.test(cited) || cited.includes('[')) continue;
        const fromRoot = join(ROOT, cited);
        const fromHere = join(dirname(file), cited);
        if (!existsSync(fromRoot) && !existsSync(fromHere))
          missing.push(`${relative(ROOT, file)} → ${cited}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('nothing cites the briefing documents outside the repository', () => {
    const citing = files
      .filter((file) => !file.endsWith('repo-references.test.ts'))
      .filter((file) => BRIEFING.test(readFileSync(file, 'utf8')))
      .map((file) => relative(ROOT, file));
    expect(citing).toEqual([]);
  });
});
