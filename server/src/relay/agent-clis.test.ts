/**
 * The agent CLIs people point at a gateway, run for real (npm packages, offline, against this server):
 * Claude Code (`@anthropic-ai/claude-code`, Claude Messages) and Codex (`@openai/codex`, OpenAI Responses),
 * each answered by an OpenAI Chat Completions upstream through the conversion core. A CLI whose native
 * binary is not installed for this platform is skipped with a message saying so.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_TEXT } from '../test-support/fake-upstream/behavior.ts';
import { type RelayFixture, startRelayFixture } from '../test-support/relay-fixture.ts';

const MODEL = 'gpt-4o-mini';
const modules = resolve(import.meta.dirname, '../../../node_modules');
const claudeBinary = join(modules, `@anthropic-ai/claude-code-${process.platform}-${process.arch}`, 'claude');
const codexLauncher = join(modules, '@openai/codex/bin/codex.js');
const codexPlatform = join(modules, `@openai/codex-${process.platform}-${process.arch}`);

let fixture: RelayFixture;
let home: string;

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs a CLI with its stdin closed (both wait for input otherwise) and a bounded time. */
function run(file: string, args: string[], env: Record<string, string>): Promise<Run> {
  return new Promise((done) => {
    const child = execFile(
      file,
      args,
      { env: { PATH: process.env.PATH ?? '', HOME: home, ...env }, timeout: 90_000, cwd: home },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
    child.stdin?.end();
  });
}

beforeAll(async () => {
  fixture = await startRelayFixture();
  // An OpenAI-compatible channel that speaks Chat Completions only: every CLI call is converted.
  await fixture.addChannel({ type: 8, models: MODEL });
  home = mkdtempSync(join(tmpdir(), 'switchyard-cli-'));
});

afterAll(async () => {
  await fixture?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

/** Consumption log rows of the model: each relayed and billed call writes one. */
async function billedCalls(): Promise<number> {
  await fixture.flush();
  const rows = await fixture.server.context.logDatabase.db
    .selectFrom('logs')
    .select(['id'])
    .where('type', '=', 2)
    .where('model_name', '=', MODEL)
    .execute();
  return rows.length;
}

const hasClaude = existsSync(claudeBinary);
if (!hasClaude) console.warn(`agent CLIs: Claude Code skipped, no binary at ${claudeBinary}`);
describe.skipIf(!hasClaude)('Claude Code (claude -p) through /v1/messages', () => {
  it('answers a one-shot prompt from an OpenAI upstream, billed', async () => {
    const before = await billedCalls();
    const result = await run(claudeBinary, ['-p', 'Say hello', '--output-format', 'text'], {
      ANTHROPIC_BASE_URL: fixture.server.url,
      ANTHROPIC_API_KEY: `sk-${fixture.token.key}`,
      ANTHROPIC_MODEL: MODEL,
      ANTHROPIC_SMALL_FAST_MODEL: MODEL,
      ANTHROPIC_DEFAULT_HAIKU_MODEL: MODEL,
      ANTHROPIC_DEFAULT_SONNET_MODEL: MODEL,
      ANTHROPIC_DEFAULT_OPUS_MODEL: MODEL,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
    });
    expect(result.stderr).not.toMatch(/API Error/);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(DEFAULT_REPLY_TEXT);
    expect(await billedCalls()).toBeGreaterThan(before);
  });
});

const hasCodex = existsSync(codexLauncher) && existsSync(codexPlatform);
if (!hasCodex) console.warn(`agent CLIs: Codex skipped, no binary at ${codexPlatform}`);
describe.skipIf(!hasCodex)('Codex (codex exec) through /v1/responses', () => {
  it('answers a one-shot prompt from an OpenAI upstream, billed', async () => {
    const before = await billedCalls();
    const provider = `{ name = "Switchyard", base_url = "${fixture.server.url}/v1", env_key = "SWITCHYARD_KEY", wire_api = "responses" }`;
    const result = await run(
      process.execPath,
      [
        codexLauncher,
        'exec',
        '--skip-git-repo-check',
        '-c',
        'model_provider="switchyard"',
        '-c',
        `model_providers.switchyard=${provider}`,
        '-m',
        MODEL,
        'Say hello',
      ],
      { CODEX_HOME: home, SWITCHYARD_KEY: `sk-${fixture.token.key}` },
    );
    expect(result.stderr).not.toMatch(/stream error|unexpected status/i);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain(DEFAULT_REPLY_TEXT);
    expect(await billedCalls()).toBeGreaterThan(before);
  });
});
