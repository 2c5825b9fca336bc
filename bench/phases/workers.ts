/**
 * Phase 6: all cores (WORKERS, server/src/workers.ts). The compiled server is started exactly as
 * `npm start` runs it (node dist/server/main.js) three times — the shipped default (one process, no
 * Redis), one process with REDIS_CONN_STRING (balances reserved in Redis), and WORKERS=2 with Redis —
 * and each is loaded at 64 connections in interleaved rounds. CPU per request is summed over the primary
 * and its workers. On a 2-core machine the load generator and the fake upstream share the cores with the
 * workers, so the scaling shown is what is left of two cores, not a second core to itself.
 * Skipped (and said so) when Redis does not answer.
 */

import { execFileSync } from 'node:child_process';
import { startServerChild } from '../lib/children.ts';
import { type GatewayProcess, startGateway } from '../lib/gateway-process.ts';
import { BENCH_MODEL, provisionGateway, UPSTREAM_KEY } from '../lib/gateway-setup.ts';
import { cpuMilliseconds } from '../lib/process-stats.ts';
import { redisProblem } from '../lib/redis-probe.ts';
import {
  combineRounds,
  type LoadTool,
  measureRound,
  measureThroughput,
  type ThroughputResult,
  type ThroughputSeries,
} from '../lib/throughput.ts';

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

function startSetup(scratchDirectory: string, index: number, setup: (typeof WORKER_SETUPS)[number]) {
  return startGateway(scratchDirectory, `workers-${index}`, {
    environment: {
      WORKERS: String(setup.workers),
      ...(setup.redis
        ? { REDIS_CONN_STRING: REDIS_URL, REDIS_KEY_PREFIX: `switchyard-bench-${process.pid}-${index}:` }
        : {}),
    },
    listeners: setup.workers,
  });
}

export async function measureWorkers(
  tool: LoadTool,
  scratchDirectory: string,
  log: (line: string) => void,
): Promise<WorkersResults> {
  const problem = await redisProblem(REDIS_URL);
  if (problem) {
    log(`  SKIPPED: ${problem}`);
    return { skipped: problem };
  }
  const upstream = await startServerChild({
    script: 'servers/fake-upstream.ts',
    options: { key: UPSTREAM_KEY },
  });
  const servers: GatewayProcess[] = [];
  try {
    const targets = [];
    for (const [index, setup] of WORKER_SETUPS.entries()) {
      const server = await startSetup(scratchDirectory, index, setup);
      servers.push(server);
      const provisioned = await provisionGateway(server.url, upstream.url, 1_000_000_000_000);
      targets.push({
        url: `${server.url}/v1/chat/completions`,
        headers: { authorization: `Bearer ${provisioned.apiKey}` },
        body: BODY,
        pid: server.pid,
      });
    }
    const options = { connections: WORKERS_PARAMETERS.connections, scratchDirectory };
    for (const target of targets)
      await measureThroughput(tool, target, { ...options, seconds: WORKERS_PARAMETERS.warmupSeconds });
    const rounds = targets.map(() => [] as ThroughputResult[]);
    for (let round = 0; round < WORKERS_PARAMETERS.rounds; round += 1) {
      for (const [index, target] of targets.entries()) {
        const roundOptions = {
          ...options,
          seconds: WORKERS_PARAMETERS.roundSeconds,
          label: WORKER_SETUPS[index]!.name,
        };
        rounds[index]!.push(
          await measureRound(tool, target, roundOptions, () => treeCpuMilliseconds(target.pid)),
        );
      }
    }
    const series = rounds.map((taken) => combineRounds(taken));
    log(
      `  ${WORKER_SETUPS.map((setup, index) => `${setup.name}: ${series[index]!.requestsPerSecond.toFixed(0)} req/s`).join(', ')}`,
    );
    return { skipped: null, series };
  } finally {
    for (const server of servers) await server.stop();
    await upstream.stop();
  }
}
