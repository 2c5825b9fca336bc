/**
 * Starts Switchyard the way `npm start` does — `node dist/server/main.js` (the compiled bundle bench/run.ts
 * builds), with the Node flags of the start script — on its own SQLite file in the run's scratch folder.
 * Every documented variable starts unset, so everything is at the shipped defaults (logging at info, the
 * per-IP limits on — they cover /api and the console pages, not the relay —, batched writes, consumption
 * logs and the ledger journal on); only the SQLite path, the host, the port (0: any free one) and what a
 * phase asks for (WORKERS, Redis) are set. The server's URL is read from its "Switchyard is listening"
 * log line. SIGTERM shuts it down gracefully (the batch writer flushes), so the database file is complete
 * once it has exited.
 *
 * With `profiling`, and only then, the server also loads bench/lib/profiler-preload.ts (through the
 * TypeScript loader) and gets an IPC channel, so the harness can start and stop a CPU profile of it
 * around the measurements; such a run's numbers go to bench/out/RESULTS.profiled.md.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { configurationVariables } from '../../server/src/config.ts';
import type { ParentCommand } from './child-messages.ts';
import { REPOSITORY_ROOT, sendCommand, stopChild, trackChild } from './children.ts';
import { BUNDLE, startFlags } from './start-flags.ts';

export interface GatewayProcess {
  url: string;
  /** The process `npm start` would run (with WORKERS, the primary: workers are its children). */
  pid: number;
  databasePath: string;
  /** SIGTERM, then the graceful exit (SIGKILL after the timeout); resolves the exit code. */
  stop(timeoutMs?: number): Promise<number | null>;
  /** Sends a profile command (profiling gateways only) and waits until it is done. */
  command(command: ParentCommand, timeoutMs?: number): Promise<void>;
}

export interface GatewayOptions {
  /**
   * Lets the harness profile the process (see above), and copies the bundle's source map there: the
   * map of the code this process runs, even if the bundle is rebuilt later (by a test run's setup).
   */
  profiling?: { sourceMapCopy: string };
  /** Variables a phase sets on top of the defaults (WORKERS, REDIS_CONN_STRING…). */
  environment?: Record<string, string>;
  /** Processes that must report "Switchyard is listening" (WORKERS). */
  listeners?: number;
}

const LISTENING = 'Switchyard is listening';
const START_TIMEOUT_MS = 120_000;
/** Characters of the server's output kept for an error message. */
const OUTPUT_TAIL = 4000;

export async function startGateway(
  scratchDirectory: string,
  name: string,
  options: GatewayOptions = {},
): Promise<GatewayProcess> {
  const databasePath = join(scratchDirectory, `${name}.db`);
  const environment: Record<string, string | undefined> = { ...process.env };
  for (const variable of configurationVariables) delete environment[variable];
  Object.assign(environment, {
    SQLITE_PATH: databasePath,
    HOST: '127.0.0.1',
    PORT: '0',
    ...options.environment,
  });
  const preload = pathToFileURL(join(REPOSITORY_ROOT, 'bench', 'lib', 'profiler-preload.ts')).href;
  const profilingFlags = options.profiling ? ['--import', 'tsx', '--import', preload] : [];
  const bundle = join(REPOSITORY_ROOT, BUNDLE);
  const bundleBuiltAt = statSync(bundle).mtimeMs;
  const child = spawn(process.execPath, [...startFlags(), ...profilingFlags, BUNDLE], {
    cwd: REPOSITORY_ROOT,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe', ...(options.profiling ? (['ipc'] as const) : [])],
  });
  if (child.pid === undefined) throw new Error(`could not start ${BUNDLE}`);
  trackChild(child);

  let output = '';
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-OUTPUT_TAIL);
  };
  child.stderr!.on('data', keep);
  const url = await new Promise<string>((resolve, reject) => {
    const listeners = options.listeners ?? 1;
    let heard = 0;
    let pending = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`Switchyard did not start within ${START_TIMEOUT_MS} ms:\n${output}`));
    }, START_TIMEOUT_MS);
    const onData = (chunk: Buffer) => {
      keep(chunk);
      pending += chunk.toString();
      const lines = pending.split('\n');
      pending = lines.pop()!;
      for (const line of lines) {
        if (!line.includes(LISTENING)) continue;
        heard += 1;
        if (heard < listeners) continue;
        clearTimeout(timer);
        child.stdout!.off('data', onData);
        child.stdout!.on('data', keep);
        const port = new URL((JSON.parse(line) as { url: string }).url).port;
        resolve(`http://127.0.0.1:${port}`);
        return;
      }
    };
    child.stdout!.on('data', onData);
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`Switchyard exited (code ${code}, signal ${signal}) before listening:\n${output}`));
    });
  });
  if (options.profiling) {
    copyFileSync(`${bundle}.map`, options.profiling.sourceMapCopy);
    if (statSync(bundle).mtimeMs !== bundleBuiltAt) {
      child.kill('SIGKILL');
      throw new Error(
        `${BUNDLE} was rebuilt while Switchyard started: its profile could not be mapped; run again`,
      );
    }
  }
  return {
    url,
    pid: child.pid,
    databasePath,
    stop: (timeoutMs = 30_000) => stopChild(child, timeoutMs),
    command: (command, timeoutMs = 30_000) => {
      if (!options.profiling) return Promise.reject(new Error('this gateway was not started for profiling'));
      return sendCommand(child, command, timeoutMs);
    },
  };
}
