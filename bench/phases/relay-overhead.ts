/**
 * Phases 1–3: what one relay hop costs. The same fake upstream is called directly, through the bare
 * Node proxy (the speed limit of a Node relay here) and through Switchyard, for closed-loop throughput
 * at 64 connections, sequential non-stream latency, and sequential stream time-to-first-byte. Every
 * figure comes with the serving process's CPU per request and the machine's other work while it was
 * measured. With profiling, the bare proxy and Switchyard are profiled during the throughput rounds
 * (after the warm-up): the same non-stream call, so their profiles divide by the requests they served.
 */
import type { SequentialOptions, SequentialResult } from '../clients/sequential.ts';
import { runClient, startServerChild } from '../lib/children.ts';
import { startGateway } from '../lib/gateway-process.ts';
import { BENCH_MODEL, provisionGateway, UPSTREAM_KEY } from '../lib/gateway-setup.ts';
import { type LoadWindow, withLoad } from '../lib/machine-load.ts';
import { cpuMilliseconds } from '../lib/process-stats.ts';
import { type Percentiles, summarize } from '../lib/stats.ts';
import {
  combineRounds,
  type LoadTarget,
  type LoadTool,
  measureRound,
  measureThroughput,
  type ThroughputResult,
  type ThroughputSeries,
} from '../lib/throughput.ts';

export const TARGET_NAMES = ['direct', 'bareProxy', 'switchyard'] as const;
export type TargetName = (typeof TARGET_NAMES)[number];

export const TARGET_LABELS: Record<TargetName, string> = {
  direct: 'direct to the fake upstream',
  bareProxy: 'bare Node proxy (node:http + undici)',
  switchyard: 'Switchyard',
};

/** A closed-loop load: connections, warm-up per target, then interleaved measured rounds. */
export interface LoadSettings {
  connections: number;
  warmupSeconds: number;
  rounds: number;
  roundSeconds: number;
}

export const OVERHEAD_PARAMETERS = {
  /**
   * Throughput. Measured rounds per target, interleaved: direct, proxy, Switchyard, direct, … On a 2-core
   * VM one round's requests/s strayed ±15% from the next; five rounds average that out better than three.
   */
  throughput: { connections: 64, warmupSeconds: 3, rounds: 5, roundSeconds: 4 } satisfies LoadSettings,
  /**
   * Latency at one connection as wrk measures it: requests back to back, so the next request meets
   * whatever the server still does after its reply (settling, logging), as it would under load.
   */
  oneConnection: { connections: 1, warmupSeconds: 2, rounds: 4, roundSeconds: 3 } satisfies LoadSettings,
  latencyWarmupRequests: 500,
  latencyRequests: 2000,
  ttfbWarmupRequests: 300,
  ttfbRequests: 1000,
  /** Interleaved rounds of the sequential measurements. */
  rounds: 4,
};

/** A sequential measurement of every target: percentiles, CPU per request, the machine's other work. */
export interface SequentialMeasure {
  percentiles: Record<TargetName, Percentiles>;
  /** Serving process CPU milliseconds per measured request; null when unknown. */
  cpuMsPerRequest: Record<TargetName, number | null>;
  load: LoadWindow;
}

/** A CPU profile taken during the throughput rounds. */
export interface ProfiledTarget {
  target: Exclude<TargetName, 'direct'>;
  path: string;
  /** For Switchyard: the bundle's source map as it was when the process started. */
  sourceMapCopy: string | null;
  /** Requests the target served while profiled. */
  requests: number;
}

export interface OverheadResults {
  throughput: Record<TargetName, ThroughputSeries>;
  /** wrk at one connection: its p50 and requests/s. */
  oneConnection: Record<TargetName, ThroughputSeries>;
  latency: SequentialMeasure;
  ttfb: SequentialMeasure;
  profiles: ProfiledTarget[];
}

/** Where the profiles of a `--cpu-prof` run go: `<directory>/<target>-<stamp>.cpuprofile`. */
export interface ProfilingRequest {
  directory: string;
  stamp: string;
}

const REQUEST = { model: BENCH_MODEL, messages: [{ role: 'user', content: 'Say hello to the benchmark' }] };
const JSON_BODY = JSON.stringify(REQUEST);
const STREAM_BODY = JSON.stringify({ ...REQUEST, stream: true });

async function checkTarget(name: TargetName, url: string, headers: Record<string, string>): Promise<void> {
  const reply = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON_BODY,
  });
  const text = await reply.text();
  if (reply.status !== 200 || !text.includes('"chat.completion"'))
    throw new Error(`${name} is not relaying: ${reply.status} ${text.slice(0, 300)}`);
  const stream = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: STREAM_BODY,
  });
  const events = await stream.text();
  if (stream.status !== 200 || !events.trimEnd().endsWith('data: [DONE]'))
    throw new Error(`${name} is not streaming: ${stream.status} ${events.slice(0, 300)}`);
}

function describeThroughput(series: ThroughputSeries): string {
  const cpu = series.serverCpuMsPerRequest;
  return `${series.requestsPerSecond.toFixed(0)} req/s${cpu === null ? '' : ` (${(cpu * 1000).toFixed(0)} µs CPU/req)`}`;
}

interface ProfileHooks {
  start: () => Promise<void>;
  stop: () => Promise<void>;
}

const NO_PROFILE: ProfileHooks = { start: async () => undefined, stop: async () => undefined };

/**
 * Warms every target up, then measures them in interleaved rounds so drifts of the machine hit all
 * alike. The CPU time of the process that answers (the fake, the proxy, Switchyard) is read around
 * each round: CPU per request hardly depends on what else the machine is doing. `profile` starts before
 * the measured rounds and stops after them.
 */
async function measureThroughputRounds(
  tool: LoadTool,
  targets: Record<TargetName, LoadTarget & { pid: number }>,
  settings: LoadSettings,
  scratchDirectory: string,
  profile: ProfileHooks = NO_PROFILE,
): Promise<Record<TargetName, ThroughputSeries>> {
  const options = { connections: settings.connections, scratchDirectory };
  for (const name of TARGET_NAMES) {
    await measureThroughput(tool, targets[name], { ...options, seconds: settings.warmupSeconds });
  }
  await profile.start();
  const rounds: Record<TargetName, ThroughputResult[]> = { direct: [], bareProxy: [], switchyard: [] };
  for (let round = 0; round < settings.rounds; round += 1) {
    for (const name of TARGET_NAMES) {
      const roundOptions = { ...options, seconds: settings.roundSeconds, label: name };
      rounds[name].push(
        await measureRound(tool, targets[name], roundOptions, () => cpuMilliseconds(targets[name].pid)),
      );
    }
  }
  await profile.stop();
  return mapTargets((name) => combineRounds(rounds[name]));
}

function mapTargets<Value>(value: (name: TargetName) => Value): Record<TargetName, Value> {
  return Object.fromEntries(TARGET_NAMES.map((name) => [name, value(name)])) as Record<TargetName, Value>;
}

export async function measureRelayOverhead(
  tool: LoadTool,
  scratchDirectory: string,
  /** When set, the bare proxy and Switchyard are profiled during the throughput rounds. */
  profiling: ProfilingRequest | null,
  log: (line: string) => void,
): Promise<OverheadResults> {
  const upstream = await startServerChild({
    script: 'servers/fake-upstream.ts',
    options: { key: UPSTREAM_KEY },
  });
  const proxy = await startServerChild({
    script: 'servers/bare-proxy.ts',
    options: { upstreamUrl: upstream.url, upstreamKey: UPSTREAM_KEY },
    environment: { BENCH_CPU_PROFILE: profiling ? '1' : undefined },
  });
  const sourceMapCopy = profiling ? `${profiling.directory}/switchyard-${profiling.stamp}.main.js.map` : null;
  const gateway = await startGateway(scratchDirectory, 'relay-overhead', {
    profiling: sourceMapCopy === null ? undefined : { sourceMapCopy },
  });
  try {
    const provisioned = await provisionGateway(gateway.url, upstream.url, 1_000_000_000_000);
    const servingProcess: Record<TargetName, number> = {
      direct: upstream.pid,
      bareProxy: proxy.pid,
      switchyard: gateway.pid,
    };
    const targets: Record<TargetName, { url: string; headers: Record<string, string>; pid: number }> = {
      direct: {
        url: `${upstream.url}/v1/chat/completions`,
        headers: { authorization: `Bearer ${UPSTREAM_KEY}` },
        pid: servingProcess.direct,
      },
      bareProxy: { url: `${proxy.url}/v1/chat/completions`, headers: {}, pid: servingProcess.bareProxy },
      switchyard: {
        url: `${gateway.url}/v1/chat/completions`,
        headers: { authorization: `Bearer ${provisioned.apiKey}` },
        pid: servingProcess.switchyard,
      },
    };
    for (const name of TARGET_NAMES) await checkTarget(name, targets[name].url, targets[name].headers);

    const profiled = { bareProxy: proxy, switchyard: gateway };
    const profilePath = (target: keyof typeof profiled) =>
      `${profiling!.directory}/${target}-${profiling!.stamp}.cpuprofile`;
    const profile = {
      start: async () => {
        if (profiling)
          for (const server of Object.values(profiled)) await server.command({ type: 'profile-start' });
      },
      stop: async () => {
        if (!profiling) return;
        for (const [target, server] of Object.entries(profiled) as [keyof typeof profiled, typeof proxy][])
          await server.command({ type: 'profile-stop', path: profilePath(target) }, 120_000);
      },
    };
    const loadTargets = mapTargets((name) => ({ ...targets[name], body: JSON_BODY }));
    const parameters = OVERHEAD_PARAMETERS;
    const throughput = await measureThroughputRounds(
      tool,
      loadTargets,
      parameters.throughput,
      scratchDirectory,
      profile,
    );
    log(
      `  throughput: ${TARGET_NAMES.map((name) => `${name} ${describeThroughput(throughput[name])}`).join(', ')}`,
    );
    const oneConnection = await measureThroughputRounds(
      tool,
      loadTargets,
      parameters.oneConnection,
      scratchDirectory,
    );
    log(
      `  one connection (${tool}) p50: ${TARGET_NAMES.map((name) => `${name} ${oneConnection[name].latencyP50Ms.toFixed(3)} ms`).join(', ')}`,
    );
    const profiles: ProfiledTarget[] = profiling
      ? (['bareProxy', 'switchyard'] as const).map((target) => ({
          target,
          path: profilePath(target),
          sourceMapCopy: target === 'switchyard' ? sourceMapCopy : null,
          requests: throughput[target].requests,
        }))
      : [];

    const sequential = async (mode: SequentialOptions['mode']): Promise<SequentialMeasure> => {
      const options: SequentialOptions = {
        mode,
        targets: TARGET_NAMES.map((name) => ({ name, ...targets[name] })),
        body: mode === 'json' ? JSON_BODY : STREAM_BODY,
        warmupRequests: mode === 'json' ? parameters.latencyWarmupRequests : parameters.ttfbWarmupRequests,
        measuredRequests: mode === 'json' ? parameters.latencyRequests : parameters.ttfbRequests,
        rounds: parameters.rounds,
        deadlineMs: 90_000,
      };
      const { value: result, load } = await withLoad(() =>
        runClient<SequentialResult>(
          { script: 'clients/sequential.ts', options },
          options.deadlineMs + 10_000,
        ),
      );
      return {
        percentiles: mapTargets((name) => summarize(result.samples[name] ?? [])),
        cpuMsPerRequest: mapTargets((name) => {
          const cpu = result.cpuMs[name];
          return cpu === null || cpu === undefined ? null : cpu / options.measuredRequests;
        }),
        load,
      };
    };
    const describe = (measure: SequentialMeasure) =>
      TARGET_NAMES.map((name) => `${name} ${measure.percentiles[name].p50.toFixed(3)} ms`).join(', ');
    const latency = await sequential('json');
    log(`  sequential p50: ${describe(latency)}`);
    const ttfb = await sequential('stream');
    log(`  stream TTFB p50: ${describe(ttfb)}`);
    return { throughput, oneConnection, latency, ttfb, profiles };
  } finally {
    await gateway.stop();
    await proxy.stop();
    await upstream.stop();
  }
}
