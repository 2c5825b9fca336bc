/**
 * The messages between the harness and its children over the IPC channel. A child sends `ready` once
 * its server listens, `result` when its client work is finished, `done` when a command from the
 * parent is carried out, and `failed` when it could not go on. The parent's commands start and stop
 * a CPU profile of a server child.
 */
export type ChildMessage =
  | { type: 'ready'; url: string }
  | { type: 'result'; result: unknown }
  | { type: 'done' }
  | { type: 'failed'; message: string };

export type ParentCommand = { type: 'profile-start' } | { type: 'profile-stop'; path: string };

export function send(message: ChildMessage): Promise<void> {
  return new Promise((resolve, reject) => {
    if (!process.send) {
      reject(new Error('this script is a benchmark child: start it from bench/run.ts (no IPC channel)'));
      return;
    }
    process.send(message, undefined, {}, (error) => (error ? reject(error) : resolve()));
  });
}

/** Reads the JSON options a child was started with (its first argument). */
export function childOptions<T>(): T {
  const text = process.argv[2];
  if (text === undefined) throw new Error('missing the JSON options argument');
  return JSON.parse(text) as T;
}

/**
 * Runs a server child: starts it, reports its URL, and closes it gracefully on SIGTERM. With
 * BENCH_CPU_PROFILE=1 it also takes the harness's profile commands (bench/lib/profiler-commands.ts).
 */
export function runServerChild(start: () => Promise<{ url: string; close: () => Promise<void> }>): void {
  if (process.env.BENCH_CPU_PROFILE === '1') {
    import('./profiler-commands.ts')
      .then(({ acceptProfileCommands }) => acceptProfileCommands())
      .catch((error: unknown) => process.stderr.write(`profiler unavailable: ${String(error)}\n`));
  }
  start()
    .then(async (server) => {
      process.once('SIGTERM', () => {
        server
          .close()
          .then(() => process.exit(0))
          .catch((error: unknown) => {
            process.stderr.write(`close failed: ${(error as Error).stack ?? String(error)}\n`);
            process.exit(1);
          });
      });
      await send({ type: 'ready', url: server.url });
    })
    .catch(async (error: unknown) => {
      await send({ type: 'failed', message: (error as Error).stack ?? String(error) }).catch(() => undefined);
      process.exit(1);
    });
}

/** Runs a client child: does its work, reports the result, and exits. */
export function runClientChild(work: () => Promise<unknown>): void {
  work()
    .then((result) => send({ type: 'result', result }))
    .then(() => process.exit(0))
    .catch(async (error: unknown) => {
      await send({ type: 'failed', message: (error as Error).stack ?? String(error) }).catch(() => undefined);
      process.exit(1);
    });
}
