/**
 * The agent CLIs people point at a gateway, run for real (npm packages, offline, against this server):
 * Claude Code (`@anthropic-ai/claude-code`, Claude Messages) and Codex (`@openai/codex`, OpenAI Responses).
 * Each completes a task that needs a tool round trip — the upstream asks for a shell command that writes
 * a file, the CLI runs it and sends the result back, the upstream answers — once against an OpenAI Chat
 * upstream and once against a Claude upstream, all through the conversion core. A CLI whose native binary
 * is not installed for this platform is skipped with a message saying so.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_TEXT } from '../test-support/fake-upstream/behavior.ts';
import { FAKE_CLAUDE_TEXT, startFakeClaude } from '../test-support/fake-vendors/claude-upstream.ts';
import type { FakeVendor } from '../test-support/fake-vendors/http.ts';
import { setUpRelayFixture } from '../test-support/test-site.ts';

const OPENAI_MODEL = 'gpt-4o-mini';
const CLAUDE_MODEL = 'claude-sonnet-4-20250514';
const PROOF = 'switchyard-ok';
const modules = resolve(import.meta.dirname, '../../../node_modules');
const claudeBinary = join(modules, `@anthropic-ai/claude-code-${process.platform}-${process.arch}`, 'claude');
const codexLauncher = join(modules, '@openai/codex/bin/codex.js');
const codexPlatform = join(modules, `@openai/codex-${process.platform}-${process.arch}`);

/** The shell calls each CLI's tool takes: Claude Code's Bash and Codex's exec_command. */
const bashCall = (file: string) => ({
  name: 'Bash',
  input: { command: `echo ${PROOF} > ${file}`, description: 'Write the proof file' },
});
const execCall = (file: string) => ({ name: 'exec_command', input: { cmd: `echo ${PROOF} > ${file}` } });

const { fixture } = setUpRelayFixture();
let claude: FakeVendor;
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
  claude = await startFakeClaude('sk-ant-fake', {
    toolUses: [bashCall('claude-via-claude.txt'), execCall('codex-via-claude.txt')],
  });
  // Chat Completions only: every CLI call to this model is converted.
  await fixture.addChannel({ type: 8, models: OPENAI_MODEL });
  await fixture.addChannel({ type: 14, key: 'sk-ant-fake', base_url: claude.url, models: CLAUDE_MODEL });
  home = mkdtempSync(join(tmpdir(), 'switchyard-cli-'));
});

afterAll(async () => {
  await claude?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

/** Consumption log rows of a model: each relayed and billed call writes one. */
async function billedCalls(model: string): Promise<number> {
  await fixture.flush();
  const rows = await fixture.server.context.logDatabase.db
    .selectFrom('logs')
    .select(['id'])
    .where('type', '=', 2)
    .where('model_name', '=', model)
    .execute();
  return rows.length;
}

function proof(file: string): string {
  const path = join(home, file);
  return existsSync(path) ? readFileSync(path, 'utf8').trim() : '(no file)';
}

function runClaudeCode(model: string): Promise<Run> {
  return run(
    claudeBinary,
    [
      '-p',
      'Write the proof file, then tell me you are done.',
      '--output-format',
      'json',
      '--allowedTools',
      'Bash',
    ],
    {
      ANTHROPIC_BASE_URL: fixture.server.url,
      ANTHROPIC_API_KEY: `sk-${fixture.token.key}`,
      ANTHROPIC_MODEL: model,
      ANTHROPIC_SMALL_FAST_MODEL: model,
      ANTHROPIC_DEFAULT_HAIKU_MODEL: model,
      ANTHROPIC_DEFAULT_SONNET_MODEL: model,
      ANTHROPIC_DEFAULT_OPUS_MODEL: model,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
    },
  );
}

function runCodex(model: string): Promise<Run> {
  const provider = `{ name = "Switchyard", base_url = "${fixture.server.url}/v1", env_key = "SWITCHYARD_KEY", wire_api = "responses" }`;
  return run(
    process.execPath,
    [
      codexLauncher,
      'exec',
      '--skip-git-repo-check',
      '--dangerously-bypass-approvals-and-sandbox',
      '-c',
      'model_provider="switchyard"',
      '-c',
      `model_providers.switchyard=${provider}`,
      '-m',
      model,
      'Write the proof file, then tell me you are done.',
    ],
    { CODEX_HOME: home, SWITCHYARD_KEY: `sk-${fixture.token.key}` },
  );
}

const hasClaude = existsSync(claudeBinary);
if (!hasClaude) console.warn(`agent CLIs: Claude Code skipped, no binary at ${claudeBinary}`);
describe.skipIf(!hasClaude)('Claude Code (claude -p) through /v1/messages', () => {
  it('completes a tool round trip on an OpenAI Chat upstream', async () => {
    const { name, input } = bashCall('claude-via-openai.txt');
    fixture.upstream.setBehavior({ toolCall: { name, arguments: JSON.stringify(input) } });
    const before = await billedCalls(OPENAI_MODEL);
    const result = await runClaudeCode(OPENAI_MODEL).finally(() =>
      fixture.upstream.setBehavior({ toolCall: undefined }),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(proof('claude-via-openai.txt')).toBe(PROOF);
    expect((JSON.parse(result.stdout) as { result: string }).result).toContain(DEFAULT_REPLY_TEXT);
    expect(await billedCalls(OPENAI_MODEL)).toBeGreaterThanOrEqual(before + 2);
  });

  it('completes a tool round trip on a Claude upstream', async () => {
    const result = await runClaudeCode(CLAUDE_MODEL);
    expect(result.code, result.stderr).toBe(0);
    expect(proof('claude-via-claude.txt')).toBe(PROOF);
    expect((JSON.parse(result.stdout) as { result: string }).result).toContain(FAKE_CLAUDE_TEXT);
  });
});

const hasCodex = existsSync(codexLauncher) && existsSync(codexPlatform);
if (!hasCodex) console.warn(`agent CLIs: Codex skipped, no binary at ${codexPlatform}`);
describe.skipIf(!hasCodex)('Codex (codex exec) through /v1/responses', () => {
  it('completes a tool round trip on an OpenAI Chat upstream', async () => {
    const { name, input } = execCall('codex-via-openai.txt');
    fixture.upstream.setBehavior({ toolCall: { name, arguments: JSON.stringify(input) } });
    const before = await billedCalls(OPENAI_MODEL);
    const result = await runCodex(OPENAI_MODEL).finally(() =>
      fixture.upstream.setBehavior({ toolCall: undefined }),
    );
    expect(result.code, result.stderr).toBe(0);
    expect(proof('codex-via-openai.txt')).toBe(PROOF);
    expect(result.stdout).toContain(DEFAULT_REPLY_TEXT);
    expect(await billedCalls(OPENAI_MODEL)).toBeGreaterThanOrEqual(before + 2);
  });

  it('completes a tool round trip on a Claude upstream', async () => {
    const result = await runCodex(CLAUDE_MODEL);
    expect(result.code, result.stderr).toBe(0);
    expect(proof('codex-via-claude.txt')).toBe(PROOF);
    expect(result.stdout).toContain(FAKE_CLAUDE_TEXT);
  });
});
