/**
 * The agent CLIs of agent-clis.test.ts, run for real from their npm packages against a gateway: Claude
 * Code (`@anthropic-ai/claude-code`, Claude Messages), Codex (`@openai/codex`, OpenAI Responses) and Gemini
 * CLI (`@google/gemini-cli`, the Gemini API). For each: where its program is (and why it cannot run here
 * when it is not), how it is run headless against a base URL and key — offline, in a HOME of its own with
 * telemetry, update checks and IDE integration off — the call its own shell tool takes, which the fake
 * upstreams ask for so that a proof file gets written, and where its final answer is in what it prints.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** What every proof file holds once a CLI's shell tool has run the call. */
export const PROOF = 'switchyard-ok';
/** The task each CLI is given. */
const TASK = 'Write the proof file, then tell me you are done.';

const modules = resolve(import.meta.dirname, '../../../../node_modules');
const claudeBinary = join(modules, `@anthropic-ai/claude-code-${process.platform}-${process.arch}`, 'claude');
const codexLauncher = join(modules, '@openai/codex/bin/codex.js');
const codexPlatform = join(modules, `@openai/codex-${process.platform}-${process.arch}`);
const geminiLauncher = join(modules, '@google/gemini-cli/bundle/gemini.js');

/** A call of a CLI's shell tool: the tool's name and its arguments. */
export interface ShellCall {
  name: string;
  input: Record<string, unknown>;
}

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
}

/** Where a CLI is pointed: the gateway's address, a key of it, the model, and the CLI's own HOME. */
export interface CliTarget {
  url: string;
  key: string;
  model: string;
  home: string;
}

export interface AgentCli {
  name: string;
  /** Short name, used in proof file names. */
  slug: string;
  /** Why the CLI cannot run on this machine, or null when it can. */
  missing: string | null;
  /** The call of the CLI's own shell tool that writes `file` (relative to the working folder). */
  shellCall(file: string): ShellCall;
  /** Runs the task headless; the working folder is workspace(home). */
  run(target: CliTarget): Promise<CliRun>;
  /** The final answer in what the CLI printed. */
  answer(stdout: string): string;
}

/** The folder a CLI works in: where the proof files are written. */
export function workspace(home: string): string {
  return join(home, 'work');
}

/**
 * Runs a program with its stdin closed (the CLIs wait for input otherwise), PATH inherited and nothing
 * else: HOME and TMPDIR are in `home`, so that what a CLI keeps (settings, sessions, error reports) goes
 * when the test removes it.
 */
function run(file: string, args: string[], home: string, env: Record<string, string>): Promise<CliRun> {
  const cwd = workspace(home);
  const temporary = join(home, 'tmp');
  mkdirSync(cwd, { recursive: true });
  mkdirSync(temporary, { recursive: true });
  return new Promise((done) => {
    const child = execFile(
      file,
      args,
      { env: { PATH: process.env.PATH ?? '', HOME: home, TMPDIR: temporary, ...env }, timeout: 100_000, cwd },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        done({ code, stdout: String(stdout), stderr: String(stderr) });
      },
    );
    child.stdin?.end();
  });
}

const claudeCode: AgentCli = {
  name: 'Claude Code (claude -p) through /v1/messages',
  slug: 'claude',
  missing: existsSync(claudeBinary) ? null : `no binary at ${claudeBinary}`,
  shellCall: (file) => ({
    name: 'Bash',
    input: { command: `echo ${PROOF} > ${file}`, description: 'Write the proof file' },
  }),
  run: ({ url, key, model, home }) =>
    run(claudeBinary, ['-p', TASK, '--output-format', 'json', '--allowedTools', 'Bash'], home, {
      ANTHROPIC_BASE_URL: url,
      ANTHROPIC_API_KEY: key,
      ANTHROPIC_MODEL: model,
      ANTHROPIC_SMALL_FAST_MODEL: model,
      ANTHROPIC_DEFAULT_HAIKU_MODEL: model,
      ANTHROPIC_DEFAULT_SONNET_MODEL: model,
      ANTHROPIC_DEFAULT_OPUS_MODEL: model,
      CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: '1',
      DISABLE_AUTOUPDATER: '1',
      DISABLE_TELEMETRY: '1',
      DISABLE_ERROR_REPORTING: '1',
    }),
  answer: (stdout) => (JSON.parse(stdout) as { result: string }).result,
};

const codex: AgentCli = {
  name: 'Codex (codex exec) through /v1/responses',
  slug: 'codex',
  missing: existsSync(codexLauncher) && existsSync(codexPlatform) ? null : `no binary at ${codexPlatform}`,
  shellCall: (file) => ({ name: 'exec_command', input: { cmd: `echo ${PROOF} > ${file}` } }),
  run: ({ url, key, model, home }) => {
    const provider = `{ name = "Switchyard", base_url = "${url}/v1", env_key = "SWITCHYARD_KEY", wire_api = "responses" }`;
    const args = [
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
      TASK,
    ];
    return run(process.execPath, args, home, { CODEX_HOME: home, SWITCHYARD_KEY: key });
  },
  // `codex exec` prints the final message on stdout (its progress goes to stderr).
  answer: (stdout) => stdout,
};

/**
 * Gemini CLI's user settings: the API-key sign-in chosen (with GOOGLE_GEMINI_BASE_URL alone it would pick
 * its "gateway" sign-in, which 0.61's headless mode refuses as an invalid auth method), folder trust off
 * (in a folder it does not trust, --approval-mode yolo is turned back to asking, which headless cannot),
 * and nothing that calls Google or npm: no usage statistics, telemetry, update checks or IDE connection.
 */
const GEMINI_SETTINGS = {
  security: { auth: { selectedType: 'gemini-api-key' }, folderTrust: { enabled: false } },
  general: { enableAutoUpdate: false, enableAutoUpdateNotification: false },
  privacy: { usageStatisticsEnabled: false },
  telemetry: { enabled: false },
  ide: { enabled: false },
};

const geminiCli: AgentCli = {
  name: 'Gemini CLI (gemini -p) through /v1beta/models',
  slug: 'gemini',
  missing: existsSync(geminiLauncher) ? null : `no program at ${geminiLauncher}`,
  shellCall: (file) => ({
    name: 'run_shell_command',
    input: { command: `echo ${PROOF} > ${file}`, description: 'Write the proof file' },
  }),
  run: ({ url, key, model, home }) => {
    mkdirSync(join(home, '.gemini'), { recursive: true });
    writeFileSync(join(home, '.gemini', 'settings.json'), JSON.stringify(GEMINI_SETTINGS));
    const args = [
      geminiLauncher,
      '-p',
      TASK,
      '-m',
      model,
      '--approval-mode',
      'yolo',
      '--output-format',
      'json',
    ];
    return run(process.execPath, args, home, {
      GOOGLE_GEMINI_BASE_URL: url,
      GEMINI_API_KEY: key,
      // One process: the launcher otherwise starts itself again with a larger heap, and that child would
      // outlive a timed-out run (the launcher ignores SIGTERM).
      GEMINI_CLI_NO_RELAUNCH: 'true',
    });
  },
  answer: (stdout) => (JSON.parse(stdout) as { response: string }).response,
};

export const AGENT_CLIS: readonly AgentCli[] = [claudeCode, codex, geminiCli];
