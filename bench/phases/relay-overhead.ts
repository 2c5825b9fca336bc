/**
 * Phases 1–3: what one relay hop costs. The same fake upstream is called directly, through the bare
 * Node proxy (the speed limit of a Node relay here) and through Switchyard, for closed-loop throughput
 * at 64 connections, sequential non-stream latency, and sequential stream time-to-first-byte.
 */
import type { SequentialOptions, SequentialResult } from '../clients/sequential.ts';
import { runClient, startServerChild } from '../lib/children.ts';
import { startGateway } from '../lib/gateway-process.ts';
import { BENCH_MODEL, provisionGateway, UPSTREAM_KEY } from '../lib/gateway-setup.ts';
import { cpuMilliseconds } from '../lib/process-stats.ts';
import { type Percentiles, summarize } from '../lib/stats.ts';
import {
  combineRounds,
  type LoadTarget,
  type LoadTool,
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

export const OVERHEAD_PARAMETERS = {
  throughputConnections: 64,
  throughputWarmupSeconds: 3,
  /**
   * Measured rounds per target, interleaved: direct, proxy, Switchyard, direct, … On a 2-core VM one
   * round's requests/s strayed ±15% from the next; five rounds average that out better than three.
   */
  throughputRounds: 5,
  throughputRoundSeconds: 4,
  latencyWarmupRequests: 500,
  latencyRequests: 2000,
  ttfbWarmupRequests: 300,
  ttfbRequests: 1000,
  /** Interleaved rounds of the sequential measurements. */
  rounds: 4,
};

export interface OverheadResults {
  throughput: Record<TargetName, ThroughputSeries>;
  latency: Record<TargetName, Percentiles>;
  ttfb: Record<TargetName, Percentiles>;
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

/**
 * Warms every target up, then measures them in interleaved rounds so drifts of the machine hit all
 * alike. The CPU time of the process that answers (the fake, the proxy, Switchyard) is read around
 * each round: CPU per request hardly depends on what else the machine is doing.
 */
async function measureThroughputRounds(
  tool: LoadTool,
  targets: Record<TargetName, LoadTarget & { pid: number }>,
  scratchDirectory: string,
): Promise<Record<TargetName, ThroughputSeries>> {
  const parameters = OVERHEAD_PARAMETERS;
  const options = { connections: parameters.throughputConnections, scratchDirectory };
  for (const name of TARGET_NAMES) {
    await measureThroughput(tool, targets[name], { ...options, seconds: parameters.throughputWarmupSeconds });
  }
  const rounds: Record<TargetName, ThroughputResult[]> = { direct: [], bareProxy: [], switchyard: [] };
  for (let round = 0; round < parameters.throughputRounds; round += 1) {
    for (const name of TARGET_NAMES) {
      const cpuBefore = cpuMilliseconds(targets[name].pid);
      const result = await measureThroughput(tool, targets[name], {
        ...options,
        seconds: parameters.throughputRoundSeconds,
      });
      const cpuAfter = cpuMilliseconds(targets[name].pid);
      if (cpuBefore !== null && cpuAfter !== null) result.serverCpuMs = cpuAfter - cpuBefore;
      if (result.failures > 0) throw new Error(`${name}: ${result.failures} failed requests under load`);
      rounds[name].push(result);
    }
  }
  return {
    direct: combineRounds(rounds.direct),
    bareProxy: combineRounds(rounds.bareProxy),
    switchyard: combineRounds(rounds.switchyard),
  };
}

export async function measureRelayOverhead(
  tool: LoadTool,
  scratchDirectory: string,
  /** When set, a CPU profile of Switchyard during the measurements is written there. */
  profilePath: string | null,
  log: (line: string) => void,
): Promise<OverheadResults> {
  const upstream = await startServerChild({ script: 'servers/fake-upstream.ts', options: {} });
  const proxy = await startServerChild({
    script: 'servers/bare-proxy.ts',
    options: { upstreamUrl: upstream.url, upstreamKey: UPSTREAM_KEY },
  });
  const gateway = await startGateway(scratchDirectory, 'relay-overhead', profilePath !== null);
  try {
    const provisioned = await provisionGateway(gateway.url, upstream.url, 1_000_000_000_000);
    const targets: Record<TargetName, { url: string; headers: Record<string, string> }> = {
      direct: {
        url: `${upstream.url}/v1/chat/completions`,
        headers: { authorization: `Bearer ${UPSTREAM_KEY}` },
      },
      bareProxy: { url: `${proxy.url}/v1/chat/completions`, headers: {} },
      switchyard: {
        url: `${gateway.url}/v1/chat/completions`,
        headers: { authorization: `Bearer ${provisioned.apiKey}` },
      },
    };
    for (const name of TARGET_NAMES) await checkTarget(name, targets[name].url, targets[name].headers);
    if (profilePath !== null) await gateway.command({ type: 'profile-start' });

    const parameters = OVERHEAD_PARAMETERS;
    const servingProcess: Record<TargetName, number> = {
      direct: upstream.pid,
      bareProxy: proxy.pid,
      switchyard: gateway.pid,
    };
    const loadTargets = Object.fromEntries(
      TARGET_NAMES.map((name) => [name, { ...targets[name], body: JSON_BODY, pid: servingProcess[name] }]),
    ) as Record<TargetName, LoadTarget & { pid: number }>;
    const throughput = await measureThroughputRounds(tool, loadTargets, scratchDirectory);
    log(
      `  throughput: ${TARGET_NAMES.map((name) => `${name} ${describeThroughput(throughput[name])}`).join(', ')}`,
    );

    const sequential = async (mode: SequentialOptions['mode']) => {
      const options: SequentialOptions = {
        mode,
        targets: TARGET_NAMES.map((name) => ({ name, ...targets[name] })),
        body: mode === 'json' ? JSON_BODY : STREAM_BODY,
        warmupRequests: mode === 'json' ? parameters.latencyWarmupRequests : parameters.ttfbWarmupRequests,
        measuredRequests: mode === 'json' ? parameters.latencyRequests : parameters.ttfbRequests,
        rounds: parameters.rounds,
        deadlineMs: 90_000,
      };
      const samples = await runClient<SequentialResult>(
        { script: 'clients/sequential.ts', options },
        options.deadlineMs + 10_000,
      );
      return Object.fromEntries(TARGET_NAMES.map((name) => [name, summarize(samples[name] ?? [])])) as Record<
        TargetName,
        Percentiles
      >;
    };
    const latency = await sequential('json');
    log(
      `  sequential p50: ${TARGET_NAMES.map((name) => `${name} ${latency[name].p50.toFixed(3)} ms`).join(', ')}`,
    );
    const ttfb = await sequential('stream');
    log(
      `  stream TTFB p50: ${TARGET_NAMES.map((name) => `${name} ${ttfb[name].p50.toFixed(3)} ms`).join(', ')}`,
    );
    if (profilePath !== null) await gateway.command({ type: 'profile-stop', path: profilePath }, 120_000);
    return { throughput, latency, ttfb };
  } finally {
    await gateway.stop();
    await proxy.stop();
    await upstream.stop();
  }
}
