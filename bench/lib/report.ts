/**
 * Turns the measurements into verdicts against the relay targets and the console summary table; the
 * formatting helpers the results page (bench/lib/results-page.ts) shares.
 */

import { COMPARISONS, type ConvertedResults, PATH_LABELS } from '../phases/converted-paths.ts';
import type { LimitedKeyMeasure, LimitedKeyResults } from '../phases/limited-key.ts';
import type { OverheadResults } from '../phases/relay-overhead.ts';
import { SLOW_STREAM_PARAMETERS, type SlowStreamResults } from '../phases/slow-streams.ts';
import type { WorkersResults } from '../phases/workers.ts';
import type { MachineInfo } from './machine.ts';
import { combineLoads, describeLoad, type LoadWindow } from './machine-load.ts';
import type { LoadTool } from './throughput.ts';

/** The hot-path targets of issues 13 and 24: measured against the bare Node proxy, the speed limit of a Node relay. */
export const TARGETS = {
  throughputShareOfBareProxy: 0.75,
  addedLatencyOverProxyP50Ms: 0.1,
  addedFirstByteOverProxyP50Ms: 0.5,
  peakRssBytes: 300_000_000,
  convertedCpuShareOfPassThrough: 1.5,
  /** Issue 27: a key with every limit set keeps this share of the requests/s of the same key without limits. */
  limitedKeyShareOfUnlimited: 0.9,
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
  limitedKey: LimitedKeyResults;
}

export interface Verdict {
  measure: string;
  result: string;
  target: string;
  passed: boolean;
  /** The machine's other work while the figure was measured. */
  load: string;
}

export const formatLoad = (load: number[]) => load.map((value) => value.toFixed(2)).join(' / ');

/** Other processes kept more than half a core busy when the run started. */
export function busy(report: BenchReport): boolean {
  return (report.loadBefore[0] ?? 0) > 0.5;
}

export const milliseconds = (value: number) => `${value.toFixed(3)} ms`;
export const megabytes = (bytes: number) => `${(bytes / 1e6).toFixed(1)} MB`;
const rate = (value: number) => `${value.toFixed(0)} req/s`;
/** Milliseconds of CPU shown in microseconds ('n/a' when unknown). */
export const microseconds = (ms: number | null) => (ms === null ? 'n/a' : `${(ms * 1000).toFixed(0)} µs`);

/** The machine's other work for a report cell ('n/a' when unmeasured). */
export const loadCell = (load: LoadWindow | null) => (load === null ? 'n/a' : describeLoad(load));

const joinLoads = (...loads: Array<LoadWindow | null>) =>
  loadCell(loads.every((load) => load !== null) ? combineLoads(loads as LoadWindow[]) : null);

export function verdicts(report: BenchReport): Verdict[] {
  const { throughput, latency, ttfb } = report.overhead;
  const share = throughput.switchyard.requestsPerSecond / throughput.bareProxy.requestsPerSecond;
  const addedLatency = latency.percentiles.switchyard.p50 - latency.percentiles.bareProxy.p50;
  const { oneConnection } = report.overhead;
  const addedBackToBack = oneConnection.switchyard.latencyP50Ms - oneConnection.bareProxy.latencyP50Ms;
  const addedFirstByte = ttfb.percentiles.switchyard.p50 - ttfb.percentiles.bareProxy.p50;
  const cpuVersus = (measure: { switchyard: number | null; bareProxy: number | null }) =>
    `CPU per request ${microseconds(measure.switchyard)} vs ${microseconds(measure.bareProxy)}`;
  const streams = report.slowStreams;
  const { billing } = streams;
  return [
    {
      measure: '1. Non-stream throughput, 64 connections (Switchyard ÷ bare proxy)',
      result: `${(share * 100).toFixed(1)}% (${rate(throughput.switchyard.requestsPerSecond)} ÷ ${rate(throughput.bareProxy.requestsPerSecond)}; ${cpuVersus({ switchyard: throughput.switchyard.serverCpuMsPerRequest, bareProxy: throughput.bareProxy.serverCpuMsPerRequest })})`,
      target: `≥ ${TARGETS.throughputShareOfBareProxy * 100}%`,
      passed: share >= TARGETS.throughputShareOfBareProxy,
      load: joinLoads(throughput.switchyard.load, throughput.bareProxy.load),
    },
    {
      measure: '2a. Added p50 latency, sequential non-stream, our client (Switchyard − bare proxy)',
      result: `${milliseconds(addedLatency)} (${cpuVersus(latency.cpuMsPerRequest)})`,
      target: `≤ ${TARGETS.addedLatencyOverProxyP50Ms} ms`,
      passed: addedLatency <= TARGETS.addedLatencyOverProxyP50Ms,
      load: loadCell(latency.load),
    },
    {
      measure: `2b. Added p50 latency, one connection back to back (${report.tool}; Switchyard − bare proxy)`,
      result: `${milliseconds(addedBackToBack)} (${cpuVersus({ switchyard: oneConnection.switchyard.serverCpuMsPerRequest, bareProxy: oneConnection.bareProxy.serverCpuMsPerRequest })})`,
      target: `≤ ${TARGETS.addedLatencyOverProxyP50Ms} ms`,
      passed: addedBackToBack <= TARGETS.addedLatencyOverProxyP50Ms,
      load: joinLoads(oneConnection.switchyard.load, oneConnection.bareProxy.load),
    },
    {
      measure: '3. Added stream time-to-first-byte p50 (Switchyard − bare proxy)',
      result: `${milliseconds(addedFirstByte)} (${cpuVersus(ttfb.cpuMsPerRequest)})`,
      target: `≤ ${TARGETS.addedFirstByteOverProxyP50Ms} ms`,
      passed: addedFirstByte <= TARGETS.addedFirstByteOverProxyP50Ms,
      load: loadCell(ttfb.load),
    },
    {
      measure: `4a. Peak RSS of Switchyard during ${streams.streams} concurrent slow streams`,
      result: megabytes(streams.peakRssBytes),
      target: `< ${megabytes(TARGETS.peakRssBytes)}`,
      passed: streams.peakRssBytes < TARGETS.peakRssBytes,
      load: loadCell(streams.switchyard.load),
    },
    {
      measure: '4b. Streams completed with every chunk and [DONE]',
      result: `${streams.switchyard.streamsWithAllChunks}/${streams.streams}`,
      target: `${streams.streams}/${streams.streams}`,
      passed: streams.switchyard.streamsWithAllChunks === streams.streams,
      load: loadCell(streams.switchyard.load),
    },
    {
      measure: '4c. Every stream billed (logs, completion tokens, user and key quota)',
      result: billing.passed
        ? `${billing.consumptionLogs} logs × ${SLOW_STREAM_PARAMETERS.chunks} tokens, quota ${billing.loggedQuota} matches`
        : billing.problems.join('; '),
      target: `${streams.streams} logs, counters = Σ log quota`,
      passed: billing.passed,
      load: loadCell(streams.switchyard.load),
    },
    ...convertedVerdicts(report.converted),
    ...limitedKeyVerdicts(report.limitedKey),
  ];
}

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
        load: joinLoads(converted[mode][path].load, converted[mode][baseline].load),
      };
    }),
  );
}

/** A limited setup's requests/s and CPU per request against the key without limits (a); null when not run. */
export function againstUnlimited(results: LimitedKeyResults, measure: LimitedKeyMeasure | undefined) {
  const unlimited = results.measures.find((entry) => entry.setup === 'none')!.series;
  if (!measure) return null;
  const { series } = measure;
  const cpu = series.serverCpuMsPerRequest;
  const baseCpu = unlimited.serverCpuMsPerRequest;
  return {
    share: series.requestsPerSecond / unlimited.requestsPerSecond,
    cpuRatio: cpu !== null && baseCpu !== null && baseCpu > 0 ? cpu / baseCpu : null,
    text: `${rate(series.requestsPerSecond)} ÷ ${rate(unlimited.requestsPerSecond)}; CPU per request ${microseconds(cpu)} vs ${microseconds(baseCpu)}`,
    load: joinLoads(series.load, unlimited.load),
  };
}

/** Phase 7 (issue 27): (b) ÷ (a) has a target; (c) is shown in the results page only (a Redis round trip per call). */
export function limitedKeyVerdicts(results: LimitedKeyResults): Verdict[] {
  const inMemory = againstUnlimited(
    results,
    results.measures.find((measure) => measure.setup === 'memory'),
  )!;
  return [
    {
      measure: '7. Throughput with every limit set on the key, in memory ÷ without limits (64 connections)',
      result: `${(inMemory.share * 100).toFixed(1)}% (${inMemory.text}); every reply 200, every call counted`,
      target: `≥ ${TARGETS.limitedKeyShareOfUnlimited * 100}%`,
      passed: inMemory.share >= TARGETS.limitedKeyShareOfUnlimited,
      load: inMemory.load,
    },
  ];
}

export function renderSummary(report: BenchReport): string {
  const rows = verdicts(report).map((verdict) => [
    verdict.passed ? 'PASS' : 'FAIL',
    verdict.measure,
    verdict.result,
    verdict.target,
    verdict.load,
  ]);
  const widths = [4, 0, 0, 0, 0].map((minimum, column) =>
    Math.max(minimum, ...rows.map((row) => row[column]!.length)),
  );
  return rows.map((row) => row.map((cell, column) => cell.padEnd(widths[column]!)).join('  ')).join('\n');
}
