/**
 * Phase 6: all cores (WORKERS, server/src/workers.ts). The compiled server is started exactly as
 * `npm start` runs it (node dist/server/main.js) three times — the shipped default (one process, no
 * Redis), one process with REDIS_CONN_STRING (balances reserved in Redis), and WORKERS=2 with Redis —
 * and each is loaded at 64 connections in interleaved rounds. CPU per request is summed over the primary
 * and its workers. On a 2-core machine the load generator and the fake upstream share the cores with the
 * workers, so the scaling shown is what is left of two cores, not a second core to itself.
 * Skipped (and said so) when Redis does not answer.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { once } from 'node:events';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { configurationVariables } from '../../server/src/config.ts';
import { REPOSITORY_ROOT, startServerChild } from '../lib/children.ts';
import { BENCH_MODEL, provisionGateway } from '../lib/gateway-setup.ts';
import { cpuMilliseconds } from '../lib/process-stats.ts';
import { startFlags } from '../lib/start-flags.ts';
import { combineRounds, type LoadTool, measureThroughput, type ThroughputSeries } from '../lib/throughput.ts';

export const WORKER_SETUPS = [
  { name: 'one process (shipped defaults)', workers: 1, redis: false },
  { name: 'one process, balances in Redis', workers: 1, redis: true },
  { name: 'WORKERS=2, balances in Redis', workers: 2, redis: true },
] as const;

export const WORKERS_PARAMETERS = { connections: 64, warmupSeconds: 3, rounds: 3, roundSeconds: 4 };

export type WorkersResults = { skipped: string } | { skipped: null; series: ThroughputSeries[] };

const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
const BODY = JSON.stringify({
  model: BENCH_MODEL,
  messages: [{ role: 'user', content: 'Say hello to the benchmark' }],
});

async function redisProblem(): Promise<string | null> {
  const client = new Redis(REDIS_URL, { lazyConnect: true, maxRetriesPerRequest: 0, connectTimeout: 1000 });
  try {
    await client.connect();
    await client.ping();
    return null;
  } catch (error) {
    return `Redis at ${REDIS_URL} did not answer: ${(error as Error).message}`;
  } finally {
    client.disconnect();
  }
}

async function freePort(): Promise<number> {
  const server = createServer().listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  server.close();
  return port;
}

/** The process and its workers (the primary's children). */
function processTree(pid: number): number[] {
  try {
    const children = execFileSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' })
      .split('\n')
      .map((line) => Number(line.trim()))
      .filter((child) => child > 0);
    return [pid, ...children];
  } catch {
    return [pid];
  }
}

function treeCpuMilliseconds(pid: number): number | null {
  let total = 0;
  for (const member of processTree(pid)) {
    const cpu = cpuMilliseconds(member);
    if (cpu === null) return null;
    total += cpu;
  }
  return total;
}

interface StartedServer {
  child: ChildProcess;
  url: string;
}

async function startCompiledServer(
  scratchDirectory: string,
  index: number,
  setup: (typeof WORKER_SETUPS)[number],
): Promise<StartedServer> {
  const port = await freePort();
  const environment: Record<string, string | undefined> = { ...process.env };
  for (const variable of configurationVariables) delete environment[variable];
  Object.assign(environment, {
    SQLITE_PATH: join(scratchDirectory, `workers-${index}.db`),
    HOST: '127.0.0.1',
    PORT: String(port),
    WORKERS: String(setup.workers),
    ...(setup.redis
      ? { REDIS_CONN_STRING: REDIS_URL, REDIS_KEY_PREFIX: `switchyard-bench-${process.pid}-${index}:` }
      : {}),
  });
  const child = spawn(process.execPath, [...startFlags(), 'dist/server/main.js'], {
    cwd: REPOSITORY_ROOT,
    env: environment,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 60_000);
    child.stdout?.on('data', (chunk) => {
      output += chunk;
      if ((output.match(/Switchyard is listening/g)?.length ?? 0) >= setup.workers) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', () => reject(new Error(`server exited: ${output}`)));
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

export async function measureWorkers(
  tool: LoadTool,
  scratchDirectory: string,
  log: (line: string) => void,
): Promise<WorkersResults> {
  const problem = await redisProblem();
  if (problem) {
    log(`  SKIPPED: ${problem}`);
    return { skipped: problem };
  }
  const upstream = await startServerChild({ script: 'servers/fake-upstream.ts', options: {} });
  const servers: StartedServer[] = [];
  try {
    const targets = [];
    for (const [index, setup] of WORKER_SETUPS.entries()) {
      const server = await startCompiledServer(scratchDirectory, index, setup);
      servers.push(server);
      const provisioned = await provisionGateway(server.url, upstream.url, 1_000_000_000_000);
      targets.push({
        url: `${server.url}/v1/chat/completions`,
        headers: { authorization: `Bearer ${provisioned.apiKey}` },
        body: BODY,
        pid: server.child.pid!,
      });
    }
    const options = { connections: WORKERS_PARAMETERS.connections, scratchDirectory };
    for (const target of targets)
      await measureThroughput(tool, target, { ...options, seconds: WORKERS_PARAMETERS.warmupSeconds });
    const rounds = targets.map(() => [] as Awaited<ReturnType<typeof measureThroughput>>[]);
    for (let round = 0; round < WORKERS_PARAMETERS.rounds; round += 1) {
      for (const [index, target] of targets.entries()) {
        const before = treeCpuMilliseconds(target.pid);
        const result = await measureThroughput(tool, target, {
          ...options,
          seconds: WORKERS_PARAMETERS.roundSeconds,
        });
        const after = treeCpuMilliseconds(target.pid);
        if (before !== null && after !== null) result.serverCpuMs = after - before;
        if (result.failures > 0)
          throw new Error(`${WORKER_SETUPS[index]!.name}: ${result.failures} failed requests`);
        rounds[index]!.push(result);
      }
    }
    const series = rounds.map((taken) => combineRounds(taken));
    log(
      `  ${WORKER_SETUPS.map((setup, index) => `${setup.name}: ${series[index]!.requestsPerSecond.toFixed(0)} req/s`).join(', ')}`,
    );
    return { skipped: null, series };
  } finally {
    for (const server of servers) {
      server.child.kill('SIGTERM');
      await once(server.child, 'exit');
    }
    await upstream.stop();
  }
}
