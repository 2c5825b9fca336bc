/**
 * Phase 7: traffic limits on the key (issue 27, docs/limits.md). The compiled server is started as
 * `npm start` runs it, three times on the same light fake upstream, and loaded at 64 connections,
 * non-stream, in interleaved rounds:
 *   (a) the key without limits (the shipped default: admission skips the limiter);
 *   (b) the key with every kind of limit set — rpm, tpm, rpd, tpd, concurrency, a budget — high enough
 *       never to refuse in the run, so every call is checked and counted by the in-memory limiter
 *       (server/src/relay/limits/memory-limiter.ts) and settled when it ends;
 *   (c) the same key and limits with REDIS_CONN_STRING: the limiter in Redis (redis-limiter.ts), one
 *       round trip at admission and one at settlement (skipped, and said so, when Redis does not answer).
 * A refused call is a failed request: the round throws (bench/lib/throughput.ts measureRound), so a limit
 * that refuses fails the run loudly. After the rounds the key's `limit_usage` (GET /api/token/:id) must
 * show every request counted on rpd and no call left in flight — the limits were really applied.
 *
 * With `profiling` (`--only=limited-key --cpu-prof`, bench/run.ts), (a) and (b) are CPU-profiled during the
 * measured rounds, as phase 1 profiles Switchyard: the difference is what the limits cost, by function.
 */
import type { LimitSet, LimitUsage } from '../../common/traffic-limits.ts';
import type { TokenView } from '../../server/src/api/tokens/view.ts';
import { startServerChild } from '../lib/children.ts';
import { type GatewayProcess, startGateway } from '../lib/gateway-process.ts';
import {
  BENCH_MODEL,
  type ProvisionedGateway,
  provisionGateway,
  UPSTREAM_KEY,
} from '../lib/gateway-setup.ts';
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
import type { ProfilingRequest } from './relay-overhead.ts';

/**
 * Four rounds, not phase 6's three: the verdict is a ratio of two rates, and on the shared 2-core machine
 * one round strayed ±20% from the next (two validation runs gave (b) ÷ (a) 0.67 and 0.95).
 */
export const LIMITED_KEY_PARAMETERS = { connections: 64, warmupSeconds: 3, rounds: 4, roundSeconds: 4 };

/**
 * Limits far above what a run can reach (a few thousand requests per second for under a minute per
 * gateway, about 10 tokens a call, a few hundred quota units a call), so none refuses, yet every kind is
 * counted. The time zone is not UTC so the calendar-day periods are computed in a zone, as most sites do.
 */
export const BENCH_KEY_LIMITS: LimitSet = {
  rpm: 100_000_000,
  tpm: 10_000_000_000,
  rpd: 1_000_000_000,
  tpd: 100_000_000_000,
  concurrency: 1_000,
  budget: 1_000_000_000_000,
  budget_period: 'month',
  timezone: 'Asia/Shanghai',
};

export const LIMITED_KEY_SETUPS = [
  { id: 'none', name: '(a) key without limits', limits: false, redis: false },
  { id: 'memory', name: '(b) key with limits, in memory', limits: true, redis: false },
  { id: 'redis', name: '(c) key with limits, in Redis', limits: true, redis: true },
] as const;
export type LimitedKeySetupId = (typeof LIMITED_KEY_SETUPS)[number]['id'];

/** What the key's limit usage showed after the rounds (b and c). */
export interface LimitsCounted {
  /** Requests wrk completed against the key: the check call, the warm-up and the rounds. */
  requestsSent: number;
  /** The key's rpd count after the rounds (wrk leaves up to one request per connection unanswered at its end). */
  requestsCounted: number;
  /** Tokens counted on tpd and quota on the budget: both grow with every settled call. */
  tokensCounted: number;
  budgetCounted: number;
  /** Calls still holding a concurrency slot once the load stopped: 0 when every call was settled. */
  inFlightAfter: number;
}

export interface LimitedKeyMeasure {
  setup: LimitedKeySetupId;
  name: string;
  series: ThroughputSeries;
  /** Null for (a), which has no limits. */
  counted: LimitsCounted | null;
}

/** A CPU profile of (a) or (b) taken during the measured rounds. */
export interface LimitedKeyProfile {
  setup: LimitedKeySetupId;
  path: string;
  /** The bundle's source map as it was when the process started. */
  sourceMapCopy: string;
  /** Requests the process served while profiled. */
  requests: number;
}

export interface LimitedKeyResults {
  measures: LimitedKeyMeasure[];
  /** Empty unless profiled. */
  profiles: LimitedKeyProfile[];
  /** Why (c) was not run; null when it was. */
  redisSkipped: string | null;
}

export const LIMITED_KEY_REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';
const BODY = JSON.stringify({
  model: BENCH_MODEL,
  messages: [{ role: 'user', content: 'Say hello to the benchmark' }],
});
/** How long the settlement of the last calls may take to show in the key's usage. */
const SETTLE_WAIT_MS = 5_000;

/** The key's usage of each limit kind, as the console shows it. */
async function limitUsage(provisioned: ProvisionedGateway): Promise<Map<string, LimitUsage>> {
  const reply = await provisioned.user.get<TokenView>(`/api/token/${provisioned.tokenId}`);
  const usage = reply.body.data?.limit_usage;
  if (!reply.body.success || !usage)
    throw new Error(`the key's limit usage could not be read: ${reply.status} ${reply.body.message}`);
  return new Map(usage.map((row) => [row.kind, row]));
}

/**
 * Reads what the limits counted once the load stopped, waiting for the last settlements. Throws when a
 * kind is missing, a request went uncounted, or more were counted than wrk can have left unanswered.
 */
async function countedByLimits(
  provisioned: ProvisionedGateway,
  requestsSent: number,
  loadRuns: number,
): Promise<LimitsCounted> {
  const deadline = Date.now() + SETTLE_WAIT_MS;
  let usage = await limitUsage(provisioned);
  while ((usage.get('concurrency')?.used ?? 0) > 0 && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    usage = await limitUsage(provisioned);
  }
  const used = (kind: string) => {
    const row = usage.get(kind);
    if (!row) throw new Error(`the key's limit usage has no ${kind} row: the limits were not set`);
    return row.used;
  };
  const counted: LimitsCounted = {
    requestsSent,
    requestsCounted: used('rpd'),
    tokensCounted: used('tpd'),
    budgetCounted: used('budget'),
    inFlightAfter: used('concurrency'),
  };
  const unanswered = LIMITED_KEY_PARAMETERS.connections * loadRuns;
  if (counted.requestsCounted < requestsSent || counted.requestsCounted > requestsSent + unanswered)
    throw new Error(
      `the key's rpd counted ${counted.requestsCounted} requests, wrk completed ${requestsSent} (at most ${unanswered} more can be in flight when wrk stops)`,
    );
  const kindsCounted = [counted.tokensCounted, counted.budgetCounted, used('rpm'), used('tpm')];
  if (kindsCounted.some((value) => value <= 0))
    throw new Error(`the key's limits did not count its calls: ${JSON.stringify([...usage.values()])}`);
  if (counted.inFlightAfter !== 0)
    throw new Error(
      `${counted.inFlightAfter} calls still hold a concurrency slot ${SETTLE_WAIT_MS} ms after the load`,
    );
  return counted;
}

/** (a) and (b) are profiled; (c) is not (its cost is the Redis round trip, not our code). */
const profiledFile = (profiling: ProfilingRequest | null, setup: (typeof LIMITED_KEY_SETUPS)[number]) =>
  profiling === null || setup.redis
    ? null
    : `${profiling.directory}/limited-key-${setup.id}-${profiling.stamp}`;

function startSetup(
  scratchDirectory: string,
  setup: (typeof LIMITED_KEY_SETUPS)[number],
  profiling: ProfilingRequest | null,
) {
  const profiled = profiledFile(profiling, setup);
  return startGateway(scratchDirectory, `limited-key-${setup.id}`, {
    ...(profiled === null ? {} : { profiling: { sourceMapCopy: `${profiled}.main.js.map` } }),
    environment: setup.redis
      ? {
          REDIS_CONN_STRING: LIMITED_KEY_REDIS_URL,
          REDIS_KEY_PREFIX: `switchyard-bench-${process.pid}-limited-key:`,
        }
      : {},
  });
}

async function checkRelaying(url: string, apiKey: string): Promise<void> {
  const reply = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${apiKey}` },
    body: BODY,
  });
  const text = await reply.text();
  if (reply.status !== 200) throw new Error(`the key is refused before the load: ${reply.status} ${text}`);
}

export async function measureLimitedKey(
  tool: LoadTool,
  scratchDirectory: string,
  log: (line: string) => void,
  profiling: ProfilingRequest | null = null,
): Promise<LimitedKeyResults> {
  const redisSkipped = await redisProblem(LIMITED_KEY_REDIS_URL);
  if (redisSkipped) log(`  (c) SKIPPED: ${redisSkipped}`);
  const setups = LIMITED_KEY_SETUPS.filter((setup) => !setup.redis || redisSkipped === null);
  const upstream = await startServerChild({
    script: 'servers/fake-upstream.ts',
    options: { key: UPSTREAM_KEY },
  });
  const servers: GatewayProcess[] = [];
  try {
    const targets = [];
    for (const setup of setups) {
      const server = await startSetup(scratchDirectory, setup, profiling);
      servers.push(server);
      const provisioned = await provisionGateway(server.url, upstream.url, 1_000_000_000_000, {
        ...(setup.limits ? { limits: BENCH_KEY_LIMITS } : {}),
      });
      const url = `${server.url}/v1/chat/completions`;
      await checkRelaying(url, provisioned.apiKey);
      targets.push({
        url,
        headers: { authorization: `Bearer ${provisioned.apiKey}` },
        body: BODY,
        pid: server.pid,
        provisioned,
        requestsSent: 1,
      });
    }
    const parameters = LIMITED_KEY_PARAMETERS;
    const options = { connections: parameters.connections, scratchDirectory };
    for (const [index, target] of targets.entries()) {
      const warmup = await measureThroughput(tool, target, { ...options, seconds: parameters.warmupSeconds });
      if (warmup.failures > 0)
        throw new Error(`${setups[index]!.name}: ${warmup.failures} failed requests during the warm-up`);
      target.requestsSent += warmup.requests;
    }
    const profiled = setups.flatMap((setup, index) => {
      const file = profiledFile(profiling, setup);
      return file === null ? [] : [{ setup: setup.id, index, file, server: servers[index]! }];
    });
    for (const { server } of profiled) await server.command({ type: 'profile-start' });
    const rounds = targets.map(() => [] as ThroughputResult[]);
    for (let round = 0; round < parameters.rounds; round += 1) {
      for (const [index, target] of targets.entries()) {
        const roundOptions = { ...options, seconds: parameters.roundSeconds, label: setups[index]!.name };
        const result = await measureRound(tool, target, roundOptions, () => cpuMilliseconds(target.pid));
        rounds[index]!.push(result);
        target.requestsSent += result.requests;
      }
    }
    for (const { server, file } of profiled)
      await server.command({ type: 'profile-stop', path: `${file}.cpuprofile` }, 120_000);
    const profiles = profiled.map(({ setup, index, file }) => ({
      setup,
      path: `${file}.cpuprofile`,
      sourceMapCopy: `${file}.main.js.map`,
      requests: rounds[index]!.reduce((sum, round) => sum + round.requests, 0),
    }));
    const measures: LimitedKeyMeasure[] = [];
    for (const [index, setup] of setups.entries()) {
      const target = targets[index]!;
      measures.push({
        setup: setup.id,
        name: setup.name,
        series: combineRounds(rounds[index]!),
        counted: setup.limits
          ? await countedByLimits(target.provisioned, target.requestsSent, 1 + parameters.rounds)
          : null,
      });
    }
    log(
      `  ${measures.map((measure) => `${measure.name}: ${measure.series.requestsPerSecond.toFixed(0)} req/s`).join(', ')}`,
    );
    return { measures, profiles, redisSkipped };
  } finally {
    for (const server of servers) await server.stop();
    await upstream.stop();
  }
}
