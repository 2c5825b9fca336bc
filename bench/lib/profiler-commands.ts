/**
 * The server-child side of `--cpu-prof`: with BENCH_CPU_PROFILE=1 a server child (the gateway, the bare
 * proxy) starts and stops a V8 CPU profile of its main thread when the harness asks over the IPC channel,
 * so boot and setup stay out of it (bench/lib/child-messages.ts runServerChild).
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import { type ParentCommand, send } from './child-messages.ts';

/** Microseconds between profile samples (V8's default is 1000). */
const SAMPLING_INTERVAL_US = 250;

export function acceptProfileCommands(): void {
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
