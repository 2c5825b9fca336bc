/**
 * Turns the measurements into verdicts against the relay targets, the console summary table and
 * bench/RESULTS.md.
 */

import {
  COMPARISONS,
  CONVERTED_PARAMETERS,
  type ConvertedResults,
  PATH_LABELS,
  PATHS,
} from '../phases/converted-paths.ts';
import {
  OVERHEAD_PARAMETERS,
  type OverheadResults,
  TARGET_LABELS,
  TARGET_NAMES,
} from '../phases/relay-overhead.ts';
import { SLOW_STREAM_PARAMETERS, type SlowStreamResults, type StreamTiming } from '../phases/slow-streams.ts';
import { WORKER_SETUPS, WORKERS_PARAMETERS, type WorkersResults } from '../phases/workers.ts';
import type { MachineInfo } from './machine.ts';
import type { Percentiles } from './stats.ts';
import type { LoadTool } from './throughput.ts';

/** The hot-path targets of issue 13: measured against the bare Node proxy, the speed limit of a Node relay. */
export const TARGETS = {
  throughputShareOfBareProxy: 0.75,
  addedLatencyOverProxyP50Ms: 0.1,
  addedFirstByteOverProxyP50Ms: 0.5,
  peakRssBytes: 300_000_000,
  convertedCpuShareOfPassThrough: 1.5,
};

export interface BenchReport {
  date: Date;
  machine: MachineInfo;
  /** os.loadavg() when the run started and when it ended (other work on the machine skews results). */
  loadBefore: number[];
  loadAfter: number[];
  tool: LoadTool;
  overhead: OverheadResults;
  slowStreams: SlowStreamResults;
  converted: ConvertedResults;
  workers: WorkersResults;
}

export interface Verdict {
  measure: string;
  result: string;
  target: string;
  passed: boolean;
}

const formatLoad = (load: number[]) => load.map((value) => value.toFixed(2)).join(' / ');

/** Other processes kept more than half a core busy when the run started. */
export function busy(report: BenchReport): boolean {
  return (report.loadBefore[0] ?? 0) > 0.5;
}

const milliseconds = (value: number) => `${value.toFixed(3)} ms`;
const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const rate = (value: number) => `${value.toFixed(0)} req/s`;

export function verdicts(report: BenchReport): Verdict[] {
  const { throughput, latency, ttfb } = report.overhead;
  const share = throughput.switchyard.requestsPerSecond / throughput.bareProxy.requestsPerSecond;
  const addedLatency = latency.switchyard.p50 - latency.bareProxy.p50;
  const addedFirstByte = ttfb.switchyard.p50 - ttfb.bareProxy.p50;
  const cpu = (value: number | null) => (value === null ? 'n/a' : `${(value * 1000).toFixed(0)} µs`);
  const streams = report.slowStreams;
  const { billing } = streams;
  return [
    {
      measure: '1. Non-stream throughput, 64 connections (Switchyard ÷ bare proxy)',
      result: `${(share * 100).toFixed(1)}% (${rate(throughput.switchyard.requestsPerSecond)} ÷ ${rate(throughput.bareProxy.requestsPerSecond)}; CPU per request ${cpu(throughput.switchyard.serverCpuMsPerRequest)} vs ${cpu(throughput.bareProxy.serverCpuMsPerRequest)})`,
      target: `≥ ${TARGETS.throughputShareOfBareProxy * 100}%`,
      passed: share >= TARGETS.throughputShareOfBareProxy,
    },
    {
      measure: '2. Added p50 latency, sequential non-stream (Switchyard − bare proxy)',
      result: milliseconds(addedLatency),
      target: `≤ ${TARGETS.addedLatencyOverProxyP50Ms} ms`,
      passed: addedLatency <= TARGETS.addedLatencyOverProxyP50Ms,
    },
    {
      measure: '3. Added stream time-to-first-byte p50 (Switchyard − bare proxy)',
      result: milliseconds(addedFirstByte),
      target: `≤ ${TARGETS.addedFirstByteOverProxyP50Ms} ms`,
      passed: addedFirstByte <= TARGETS.addedFirstByteOverProxyP50Ms,
    },
    {
      measure: `4a. Peak RSS of Switchyard during ${streams.streams} concurrent slow streams`,
      result: megabytes(streams.peakRssBytes),
      target: `< ${megabytes(TARGETS.peakRssBytes)}`,
      passed: streams.peakRssBytes < TARGETS.peakRssBytes,
    },
    {
      measure: '4b. Streams completed with every chunk and [DONE]',
      result: `${streams.switchyard.streamsWithAllChunks}/${streams.streams}`,
      target: `${streams.streams}/${streams.streams}`,
      passed: streams.switchyard.streamsWithAllChunks === streams.streams,
    },
    {
      measure: '4c. Every stream billed (logs, completion tokens, user and key quota)',
      result: billing.passed
        ? `${billing.consumptionLogs} logs × ${SLOW_STREAM_PARAMETERS.chunks} tokens, quota ${billing.loggedQuota} matches`
        : billing.problems.join('; '),
      target: `${streams.streams} logs, counters = Σ log quota`,
      passed: billing.passed,
    },
    ...convertedVerdicts(report.converted),
  ];
}

const microseconds = (ms: number | null) => (ms === null ? 'n/a' : `${(ms * 1000).toFixed(0)} µs`);

function convertedVerdicts(converted: ConvertedResults): Verdict[] {
  return (['json', 'stream'] as const).flatMap((mode) =>
    COMPARISONS.map(([path, baseline]) => {
      const cpu = converted[mode][path].cpuMsPerRequest;
      const base = converted[mode][baseline].cpuMsPerRequest;
      const ratio = cpu !== null && base !== null && base > 0 ? cpu / base : null;
      return {
        measure: `5. CPU per call, ${PATH_LABELS[path]} ÷ ${PATH_LABELS[baseline]}, ${mode === 'json' ? 'non-stream' : 'stream'}`,
        result:
          ratio === null
            ? 'n/a (no /proc)'
            : `${ratio.toFixed(2)}× (${microseconds(cpu)} ÷ ${microseconds(base)})`,
        target: `≤ ${TARGETS.convertedCpuShareOfPassThrough}×`,
        passed: ratio !== null && ratio <= TARGETS.convertedCpuShareOfPassThrough,
      };
    }),
  );
}

function convertedRows(converted: ConvertedResults): string[] {
  return PATHS.map(
    (path) =>
      `| ${PATH_LABELS[path]} | ${converted.json[path].requestsPerSecond.toFixed(0)} | ${microseconds(converted.json[path].cpuMsPerRequest)} | ${converted.stream[path].requestsPerSecond.toFixed(0)} | ${microseconds(converted.stream[path].cpuMsPerRequest)} |`,
  );
}

function streamTimingRows(results: SlowStreamResults): string[] {
  const { direct, switchyard, streams } = results;
  const row = (label: string, value: (timing: StreamTiming) => string) =>
    `| ${label} | ${value(direct)} | ${value(switchyard)} |`;
  const seconds = (value: number) => `${value.toFixed(2)} s`;
  return [
    row('Streams completed with [DONE]', (timing) => `${timing.completedStreams}/${streams}`),
    row(
      `Streams with all ${SLOW_STREAM_PARAMETERS.chunks} content chunks`,
      (timing) => `${timing.streamsWithAllChunks}/${streams}`,
    ),
    row('Wall time for all streams', (timing) => seconds(timing.wallSeconds)),
    row('Most connections open at the fake upstream', (timing) =>
      String(timing.peakUpstreamConnections ?? 'n/a'),
    ),
    row('First byte p50 / p90 / p99', (timing) =>
      [timing.firstByteMs.p50, timing.firstByteMs.p90, timing.firstByteMs.p99]
        .map((value) => `${value.toFixed(0)} ms`)
        .join(' / '),
    ),
    row('Stream duration p50 / p90 / p99', (timing) =>
      [timing.streamSeconds.p50, timing.streamSeconds.p90, timing.streamSeconds.p99].map(seconds).join(' / '),
    ),
  ];
}

function hopBreakdown(values: Record<(typeof TARGET_NAMES)[number], Percentiles>): string {
  const hop = values.bareProxy.p50 - values.direct.p50;
  const own = values.switchyard.p50 - values.bareProxy.p50;
  return `Of the added p50, the extra hop itself (bare proxy − direct: another process, two more loopback HTTP exchanges) is ${milliseconds(hop)}; Switchyard's own work on top of that (Switchyard − bare proxy) is ${milliseconds(own)}.`;
}

function percentileRows(values: Record<(typeof TARGET_NAMES)[number], Percentiles>): string[] {
  return TARGET_NAMES.map((name) => {
    const value = values[name];
    const added = name === 'direct' ? '—' : milliseconds(value.p50 - values.direct.p50);
    return `| ${TARGET_LABELS[name]} | ${value.count} | ${milliseconds(value.p50)} | ${milliseconds(value.p90)} | ${milliseconds(value.p99)} | ${milliseconds(value.mean)} | ${added} |`;
  });
}

export function renderSummary(report: BenchReport): string {
  const rows = verdicts(report).map((verdict) => [
    verdict.passed ? 'PASS' : 'FAIL',
    verdict.measure,
    verdict.result,
    verdict.target,
  ]);
  const widths = [4, 0, 0, 0].map((minimum, column) =>
    Math.max(minimum, ...rows.map((row) => row[column]!.length)),
  );
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')).join('\n');
}

export function renderResults(report: BenchReport): string {
  const { machine, overhead, slowStreams } = report;
  const parameters = OVERHEAD_PARAMETERS;
  const slow = SLOW_STREAM_PARAMETERS;
  const { billing } = slowStreams;
  return [
    '# Switchyard benchmark results',
    '',
    `Generated by \`npm run bench\` (bench/run.ts) on ${report.date.toISOString()}; every run overwrites this file.`,
    'Numbers from one run on the machine below.',
    '',
    '## Machine',
    '',
    '| | |',
    '|---|---|',
    `| CPU | ${machine.cpuModel} |`,
    `| Cores (nproc) | ${machine.cores} |`,
    `| Memory | ${(machine.memoryBytes / 2 ** 30).toFixed(1)} GiB |`,
    `| System | ${machine.system} |`,
    `| Node.js | ${machine.node} |`,
    `| Load average (1/5/15 min) at start → end | ${formatLoad(report.loadBefore)} → ${formatLoad(report.loadAfter)} |`,
    `| Load generator (throughput) | ${report.tool === 'wrk' ? 'wrk, 1 thread' : 'autocannon (wrk not installed)'} |`,
    '',
    ...(busy(report)
      ? [
          `> **The machine was busy with other work** (load average ${formatLoad(report.loadBefore)} on ${machine.cores} cores at the start): absolute numbers are lower and noisier than on an idle machine. The comparisons (ratio, added latency) are measured in interleaved rounds to keep them fair.`,
          '',
        ]
      : []),
    '## Targets',
    '',
    '| Verdict | Measure | Result | Target |',
    '|---|---|---|---|',
    ...verdicts(report).map(
      (verdict) =>
        `| **${verdict.passed ? 'PASS' : 'FAIL'}** | ${verdict.measure} | ${verdict.result} | ${verdict.target} |`,
    ),
    '',
    '## 1. Non-stream throughput',
    '',
    `Closed loop, ${parameters.throughputConnections} keep-alive connections, the same small chat request (reply: 4 words). Each target is warmed up for ${parameters.throughputWarmupSeconds} s, then measured in ${parameters.throughputRounds} interleaved rounds of ${parameters.throughputRoundSeconds} s; every reply was 200. requests/s = all requests ÷ all measured time.`,
    '',
    '| Target | requests/s | per round | requests | latency p50 | latency p99 | server CPU per request |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...TARGET_NAMES.map((name) => {
      const value = overhead.throughput[name];
      const rounds = value.rounds.map((round) => round.requestsPerSecond.toFixed(0)).join(' / ');
      const cpu =
        value.serverCpuMsPerRequest === null
          ? 'n/a'
          : `${(value.serverCpuMsPerRequest * 1000).toFixed(0)} µs`;
      return `| ${TARGET_LABELS[name]} | ${value.requestsPerSecond.toFixed(0)} | ${rounds} | ${value.requests} | ${milliseconds(value.latencyP50Ms)} | ${milliseconds(value.latencyP99Ms)} | ${cpu} |`;
    }),
    '',
    'Server CPU per request is the user + system CPU time of the process that answers (the fake for the direct row, the proxy process alone for the proxy row, the Switchyard process alone for its row), read from /proc around each round. Unlike requests/s it hardly depends on what else the machine runs, so it is the steadier measure of what each hop costs.',
    '',
    '## 2. Sequential non-stream latency',
    '',
    `One keep-alive connection per target, ${parameters.latencyWarmupRequests} warm-up requests each, then ${parameters.latencyRequests} measured per target in ${parameters.rounds} interleaved rounds. Time from sending the request to the last byte of the reply.`,
    '',
    '| Target | requests | p50 | p90 | p99 | mean | added p50 |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...percentileRows(overhead.latency),
    '',
    hopBreakdown(overhead.latency),
    '',
    '## 3. Stream time-to-first-byte',
    '',
    `Sequential streaming requests (\`stream: true\`), ${parameters.ttfbWarmupRequests} warm-up each, then ${parameters.ttfbRequests} measured per target in ${parameters.rounds} interleaved rounds. Time from sending the request to the first byte of the body (the first SSE event); each stream is read to its [DONE].`,
    '',
    '| Target | streams | p50 | p90 | p99 | mean | added p50 |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...percentileRows(overhead.ttfb),
    '',
    hopBreakdown(overhead.ttfb),
    '',
    '## 4. Concurrent slow streams',
    '',
    `${slow.streams} streams opened at once (one undici pool of ${slow.streams} connections, in its own process); the fake upstream sends ${slow.chunks} chunks per stream, one every ${slow.chunkDelayMs} ms, so a stream lasts at least ${((slow.chunks * slow.chunkDelayMs) / 1000).toFixed(1)} s. The streams run first directly against the fake (this machine's baseline), then through a fresh Switchyard whose RSS is read from /proc every ${slow.sampleIntervalMs} ms.`,
    '',
    '| | direct to the fake | through Switchyard |',
    '|---|---:|---:|',
    ...streamTimingRows(slowStreams),
    '',
    '| Switchyard process | |',
    '|---|---|',
    `| RSS idle (after setup) | ${megabytes(slowStreams.idleRssBytes)} |`,
    `| RSS peak while streaming (${slowStreams.rssSamples} samples) | ${megabytes(slowStreams.peakRssBytes)} |`,
    `| Kernel high-water mark VmHWM (process lifetime) | ${slowStreams.lifetimePeakRssBytes === null ? 'n/a' : megabytes(slowStreams.lifetimePeakRssBytes)} |`,
    `| Graceful shutdown exit code | ${slowStreams.gatewayExitCode} |`,
    `| Consumption logs | ${billing.consumptionLogs} (${billing.logsWithExpectedCompletionTokens} with ${slow.chunks} completion tokens) |`,
    `| Σ quota in logs | ${billing.loggedQuota} |`,
    `| User used_quota / quota spent / request_count | ${billing.userUsedQuota} / ${billing.userQuotaSpent} / ${billing.userRequestCount} |`,
    `| Key used_quota | ${billing.tokenUsedQuota} |`,
    ...(slowStreams.switchyard.failures.length > 0
      ? [`| First failures | ${slowStreams.switchyard.failures.join('<br>')} |`]
      : []),
    '',
    '## 5. Converted paths',
    '',
    `One Switchyard with an OpenAI channel (the fake OpenAI upstream) and a Claude channel (the fake Anthropic API, server/src/test-support/fake-vendors/claude-upstream.ts). The same short call four ways, non-stream then stream, ${CONVERTED_PARAMETERS.connections} connections, ${CONVERTED_PARAMETERS.warmupSeconds} s warm-up each, then ${CONVERTED_PARAMETERS.rounds} interleaved rounds of ${CONVERTED_PARAMETERS.roundSeconds} s. CPU per call is the Switchyard process's user + system time ÷ calls; a converted call is compared with the pass-through call to the same upstream.`,
    '',
    '| Path | non-stream req/s | non-stream CPU per call | stream req/s | stream CPU per call |',
    '|---|---:|---:|---:|---:|',
    ...convertedRows(report.converted),
    '',
    ...workersSection(report.workers),
    '## How to reproduce',
    '',
    '```sh',
    'npm ci',
    'apt-get install -y wrk   # optional: without it the harness falls back to autocannon',
    'npm run bench            # about 3 minutes; rewrites bench/RESULTS.md, exits 1 if a target fails',
    'npm run bench -- --cpu-prof   # also profiles the Switchyard process (see bench/README.md)',
    '```',
    '',
    'Setup, in one run: the fake OpenAI upstream (server/src/test-support/fake-upstream), the bare proxy',
    '(bench/servers/bare-proxy.ts) and Switchyard (bench/servers/gateway.ts: the compiled bundle npm start runs,',
    'on a fresh SQLite file, every setting at its default: logging at info, rate limits on, batched writes and',
    'consumption logs on) each run in their own process; the load generators too. The gateway',
    'is provisioned over its HTTP API (root setup, one OpenAI channel to the fake, a user, an unlimited `sk-` key).',
    'All traffic stays on 127.0.0.1.',
    '',
  ].join('\n');
}

function workersSection(workers: WorkersResults): string[] {
  const heading = ['## 6. All cores (WORKERS)', ''];
  if (workers.skipped !== null) return [...heading, `Skipped: ${workers.skipped}.`, ''];
  const single = workers.series[0]!.requestsPerSecond;
  return [
    ...heading,
    `The compiled server started as \`npm start\` starts it (node dist/server/main.js), three ways, each on its own SQLite file and the same fake upstream; ${WORKERS_PARAMETERS.connections} connections, ${WORKERS_PARAMETERS.warmupSeconds} s warm-up each, then ${WORKERS_PARAMETERS.rounds} interleaved rounds of ${WORKERS_PARAMETERS.roundSeconds} s. CPU per request is summed over the primary and its workers. On a machine with few cores the load generator and the fake upstream take their share of the same cores, so the scaling shown is bounded by what they leave.`,
    '',
    '| Setup | requests/s | × one process | latency p50 | server CPU per request |',
    '|---|---:|---:|---:|---:|',
    ...workers.series.map((series, index) => {
      const cpu =
        series.serverCpuMsPerRequest === null
          ? 'n/a'
          : `${(series.serverCpuMsPerRequest * 1000).toFixed(0)} µs`;
      return `| ${WORKER_SETUPS[index]!.name} | ${series.requestsPerSecond.toFixed(0)} | ${(series.requestsPerSecond / single).toFixed(2)}× | ${milliseconds(series.latencyP50Ms)} | ${cpu} |`;
    }),
    '',
  ];
}
