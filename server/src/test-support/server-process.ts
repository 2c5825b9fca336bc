/**
 * The real server as a separate process, started the way `npm start` starts it — the compiled bundle
 * dist/server/main.js, built by the suite's global setup (./global-build.ts) — for tests of what only a
 * process shows: signals, kill -9, restarts, exit codes. Tests add --enable-source-maps (npm start does
 * not: docs/operations.md), so a failure's stack trace names the TypeScript sources.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';

export interface ServerProcess {
  child: ChildProcess;
  /** http://127.0.0.1:<port> */
  url: string;
  /** Everything the process printed so far (stdout and stderr). */
  output(): string;
  /** Sends a signal and resolves with the exit code (or the signal name). */
  stop(signal: NodeJS.Signals): Promise<number | string>;
}

/** Starts dist/server/main.js with `environment` on a free port and waits until it listens. */
export async function startServerProcess(environment: Record<string, string>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      WEB_DIST_PATH: '/nonexistent',
      GLOBAL_API_RATE_LIMIT_ENABLE: 'false',
      CRITICAL_RATE_LIMIT_ENABLE: 'false',
      ...environment,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = once(child, 'exit') as Promise<[number | null, NodeJS.Signals | null]>;
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      const match = /"url":"(http:\/\/localhost:\d+)"/.exec(output);
      if (match) resolve(match[1]!.replace('localhost', '127.0.0.1'));
    });
    void exited.then(() => reject(new Error(`server exited early: ${output}`)));
  });
  return {
    child,
    url,
    output: () => output,
    async stop(signal) {
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const [code, killedBy] = await exited;
      return code ?? killedBy ?? 'unknown';
    },
  };
}
