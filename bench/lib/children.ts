/**
 * Parent side of the benchmark's child processes. Every server under test and every load client
 * runs in its own Node process (started with `node --import tsx`), so the load generator never
 * shares an event loop with the server it measures. Children are tracked and killed if the
 * harness stops early, so a run never leaves processes behind.
 */
import { type ChildProcess, fork } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { ChildMessage, ParentCommand } from './child-messages.ts';

export const REPOSITORY_ROOT = fileURLToPath(new URL('../../', import.meta.url));

const running = new Set<ChildProcess>();

/** Tracks a process started elsewhere (the compiled gateway) so killAllChildren kills it too. */
export function trackChild(child: ChildProcess): void {
  running.add(child);
  child.once('exit', () => running.delete(child));
}

export interface ChildOptions {
  /** Script path relative to bench/, e.g. `servers/gateway.ts`. */
  script: string;
  /** JSON-serialisable options given as the first argument. */
  options?: unknown;
  /** Variables added to (or, when undefined, removed from) the inherited environment. */
  environment?: Record<string, string | undefined>;
  /** Extra Node flags, e.g. `--cpu-prof`. */
  nodeFlags?: string[];
}

export interface StartedChild {
  process: ChildProcess;
  pid: number;
  /** The child's `ready` or `result` message. */
  message: Promise<Extract<ChildMessage, { type: 'ready' } | { type: 'result' }>>;
}

function startChild(options: ChildOptions, timeoutMs: number): StartedChild {
  const environment: Record<string, string | undefined> = { ...process.env };
  for (const [name, value] of Object.entries(options.environment ?? {})) {
    if (value === undefined) delete environment[name];
    else environment[name] = value;
  }
  const child = fork(
    fileURLToPath(new URL(`../${options.script}`, import.meta.url)),
    options.options === undefined ? [] : [JSON.stringify(options.options)],
    {
      cwd: REPOSITORY_ROOT,
      env: environment,
      execArgv: ['--import', 'tsx', ...(options.nodeFlags ?? [])],
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    },
  );
  if (child.pid === undefined) throw new Error(`could not start ${options.script}`);
  trackChild(child);
  const message = new Promise<Extract<ChildMessage, { type: 'ready' } | { type: 'result' }>>(
    (resolve, reject) => {
      const timer = setTimeout(() => {
        reject(new Error(`${options.script} gave no answer within ${timeoutMs} ms`));
      }, timeoutMs);
      child.on('message', (received: ChildMessage) => {
        if (received.type === 'done') return; // the answer to a command, see sendCommand
        clearTimeout(timer);
        if (received.type === 'failed') reject(new Error(`${options.script} failed: ${received.message}`));
        else resolve(received);
      });
      child.once('exit', (code, signal) => {
        clearTimeout(timer);
        reject(new Error(`${options.script} exited (code ${code}, signal ${signal}) before answering`));
      });
    },
  );
  // The exit listener above rejects after a normal resolve too; that rejection is meaningless.
  message.catch(() => undefined);
  return { process: child, pid: child.pid, message };
}

export interface ServerChild {
  url: string;
  pid: number;
  /** Sends SIGTERM and waits for a graceful exit (SIGKILL after the timeout); resolves the exit code. */
  stop(timeoutMs?: number): Promise<number | null>;
  /** Sends a command and waits until the child reports it done. */
  command(command: ParentCommand, timeoutMs?: number): Promise<void>;
}

export function sendCommand(child: ChildProcess, command: ParentCommand, timeoutMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const finish = (error?: Error) => {
      clearTimeout(timer);
      child.off('message', onMessage);
      if (error) reject(error);
      else resolve();
    };
    const onMessage = (received: ChildMessage) => {
      if (received.type === 'done') finish();
      else if (received.type === 'failed') finish(new Error(`${command.type} failed: ${received.message}`));
    };
    const timer = setTimeout(
      () => finish(new Error(`${command.type} not done within ${timeoutMs} ms`)),
      timeoutMs,
    );
    child.on('message', onMessage);
    child.send(command);
  });
}

/** Starts a server child and waits until it listens. */
export async function startServerChild(options: ChildOptions, timeoutMs = 60_000): Promise<ServerChild> {
  const started = startChild(options, timeoutMs);
  const ready = await started.message.catch((error: unknown) => {
    started.process.kill('SIGKILL');
    throw error;
  });
  if (ready.type !== 'ready') throw new Error(`${options.script} sent a result instead of its URL`);
  return {
    url: ready.url,
    pid: started.pid,
    stop: (stopTimeoutMs = 30_000) => stopChild(started.process, stopTimeoutMs),
    command: (command, commandTimeoutMs = 30_000) => sendCommand(started.process, command, commandTimeoutMs),
  };
}

/** Runs a client child to completion and returns its result. */
export async function runClient<T>(options: ChildOptions, timeoutMs: number): Promise<T> {
  const started = startChild(options, timeoutMs);
  try {
    const answer = await started.message;
    if (answer.type !== 'result') throw new Error(`${options.script} sent a URL instead of a result`);
    return answer.result as T;
  } finally {
    await stopChild(started.process, 5_000);
  }
}

/** Sends SIGTERM and waits for the exit (SIGKILL after the timeout); resolves the exit code. */
export function stopChild(child: ChildProcess, timeoutMs: number): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve(code);
    });
    child.kill('SIGTERM');
  });
}

/** Kills every child still running (used when the harness stops on an error). */
export function killAllChildren(): void {
  for (const child of running) child.kill('SIGKILL');
}
