/**
 * Benchmark child: Switchyard itself — the compiled bundle `npm start` runs (dist/server/main.js, built
 * by bench/run.ts) — booted by its startServer from the environment the
 * harness sets (SQLite file in a temp folder, everything else at its default — logging at info, rate
 * limits on, consumption logging and batched writes on). SIGTERM shuts it down gracefully, which
 * flushes the batch writer, so the database file is complete once the process has exited.
 *
 * With BENCH_CPU_PROFILE=1 the harness can start and stop a V8 CPU profile of this process (main
 * thread only) around the measurements, so boot, setup and password hashing stay out of it.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type * as ServerEntry from '../../server/src/main.ts';
import { type ParentCommand, runServerChild, send } from '../lib/child-messages.ts';

const bundle = new URL('../../dist/server/main.js', import.meta.url);
const { loadConfig, startServer } = (await import(bundle.href)) as typeof ServerEntry;

/** Microseconds between profile samples (V8's default is 1000). */
const SAMPLING_INTERVAL_US = 250;

function acceptProfileCommands(): void {
  const session = new Session();
  session.connect();
  process.on('message', (command: ParentCommand) => {
    const run = async () => {
      if (command.type === 'profile-start') {
        await session.post('Profiler.enable');
        await session.post('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
        await session.post('Profiler.start');
      } else {
        const { profile } = await session.post('Profiler.stop');
        writeFileSync(command.path, JSON.stringify(profile));
      }
    };
    run()
      .then(() => send({ type: 'done' }))
      .catch((error: unknown) => send({ type: 'failed', message: String(error) }));
  });
}

if (process.env.BENCH_CPU_PROFILE === '1') acceptProfileCommands();
runServerChild(() => startServer(loadConfig(process.env), { port: 0 }));
