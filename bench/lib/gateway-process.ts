/**
 * Starts Switchyard as a benchmark child on its own SQLite file, with the deployment defaults except
 * what the benchmark must change: warn-level logs and no global rate limits (they would cap the load).
 */
import { join } from 'node:path';
import { configurationVariables } from '../../server/src/config.ts';
import { type ServerChild, startServerChild } from './children.ts';
import { startFlags } from './start-flags.ts';

export interface GatewayProcess extends ServerChild {
  databasePath: string;
}

/** `profiling` lets the harness start and stop a CPU profile of the gateway (see servers/gateway.ts). */
export async function startGateway(
  scratchDirectory: string,
  name: string,
  profiling = false,
): Promise<GatewayProcess> {
  const databasePath = join(scratchDirectory, `${name}.db`);
  // Nothing of the caller's own configuration leaks in: every documented variable starts unset.
  const environment: Record<string, string | undefined> = Object.fromEntries(
    configurationVariables.map((variable) => [variable, undefined]),
  );
  Object.assign(environment, {
    SQLITE_PATH: databasePath,
    HOST: '127.0.0.1',
    PORT: '0',
    // Everything else at the shipped defaults, as `npm start` runs (logging at info, the per-IP limits on:
    // they cover /api and the console pages, not the relay).
    BENCH_CPU_PROFILE: profiling ? '1' : undefined,
  });
  // The Node flags of `npm start` (the harness adds its TypeScript loader for the wrapper only).
  const child = await startServerChild(
    { script: 'servers/gateway.ts', environment, nodeFlags: startFlags() },
    120_000,
  );
  return { ...child, databasePath };
}
