/**
 * Phase 4: a thousand concurrent slow streams (one chunk every 100 ms, 30 chunks each). They run once
 * directly against the slow fake upstream (the timing baseline of this machine), then through a fresh
 * Switchyard whose resident memory is sampled every 100 ms. Afterwards the gateway is shut down
 * gracefully (which flushes its batch writer) and its database is read to check that every stream
 * was billed exactly.
 */
import type { SlowStreamsOptions, SlowStreamsResult } from '../clients/slow-streams.ts';
import { type BillingReport, checkBilling } from '../lib/billing-check.ts';
import { runClient, startServerChild } from '../lib/children.ts';
import { startGateway } from '../lib/gateway-process.ts';
import { BENCH_MODEL, provisionGateway, UPSTREAM_KEY } from '../lib/gateway-setup.ts';
import { type LoadWindow, withLoad } from '../lib/machine-load.ts';
import {
  cpuMilliseconds,
  establishedConnections,
  PeakSampler,
  peakResidentBytes,
  residentBytes,
} from '../lib/process-stats.ts';
import { type Percentiles, summarize } from '../lib/stats.ts';

export const SLOW_STREAM_PARAMETERS = {
  streams: 1000,
  chunks: 30,
  chunkDelayMs: 100,
  sampleIntervalMs: 100,
  deadlineMs: 60_000,
};

export interface StreamTiming {
  /** The most TCP connections the fake upstream had open at once (Linux only). */
  peakUpstreamConnections: number | null;
  completedStreams: number;
  streamsWithAllChunks: number;
  /** The first few failures, for the report. */
  failures: string[];
  wallSeconds: number;
  firstByteMs: Percentiles;
  streamSeconds: Percentiles;
  /** CPU milliseconds per stream of the process that answered (the fake directly, else Switchyard). */
  cpuMsPerStream: number | null;
  /** The machine's other work while the streams ran. */
  load: LoadWindow;
}

export interface SlowStreamResults {
  streams: number;
  direct: StreamTiming;
  switchyard: StreamTiming;
  idleRssBytes: number;
  peakRssBytes: number;
  rssSamples: number;
  /** The kernel's lifetime high-water mark of the gateway process (boot and setup included). */
  lifetimePeakRssBytes: number | null;
  gatewayExitCode: number | null;
  billing: BillingReport;
}

const STREAM_BODY = JSON.stringify({
  model: BENCH_MODEL,
  messages: [{ role: 'user', content: 'Tell a slow story' }],
  stream: true,
});

/**
 * Runs the streams while counting the connections the fake upstream holds open, and reads the CPU time
 * of `servingPid` (the process the client talks to) around them.
 */
async function runStreams(
  url: string,
  headers: Record<string, string>,
  upstreamPort: number,
  servingPid: number,
): Promise<StreamTiming> {
  const parameters = SLOW_STREAM_PARAMETERS;
  const options: SlowStreamsOptions = {
    url,
    headers,
    body: STREAM_BODY,
    streams: parameters.streams,
    deadlineMs: parameters.deadlineMs,
  };
  const connections = new PeakSampler(
    () => establishedConnections(upstreamPort),
    parameters.sampleIntervalMs,
  );
  const cpuBefore = cpuMilliseconds(servingPid);
  let run: { value: SlowStreamsResult; load: LoadWindow };
  try {
    run = await withLoad(() =>
      runClient<SlowStreamsResult>(
        { script: 'clients/slow-streams.ts', options },
        parameters.deadlineMs + 30_000,
      ),
    );
  } catch (error) {
    connections.stop();
    throw error;
  }
  const cpuAfter = cpuMilliseconds(servingPid);
  const upstreamConnections = connections.stop();
  return {
    ...timingOf(run.value, upstreamConnections.samples > 0 ? upstreamConnections.peak : null),
    cpuMsPerStream:
      cpuBefore === null || cpuAfter === null ? null : (cpuAfter - cpuBefore) / parameters.streams,
    load: run.load,
  };
}

function timingOf(
  result: SlowStreamsResult,
  peakUpstreamConnections: number | null,
): Omit<StreamTiming, 'cpuMsPerStream' | 'load'> {
  const { outcomes } = result;
  const completed = outcomes.filter((outcome) => outcome.status === 200 && outcome.done);
  return {
    peakUpstreamConnections,
    completedStreams: completed.length,
    streamsWithAllChunks: completed.filter(
      (outcome) => outcome.contentChunks === SLOW_STREAM_PARAMETERS.chunks,
    ).length,
    failures: outcomes
      .filter((outcome) => outcome.error !== undefined || outcome.status !== 200)
      .slice(0, 5)
      .map((outcome) => `status ${outcome.status}: ${outcome.error ?? 'no error text'}`),
    wallSeconds: result.wallMs / 1000,
    firstByteMs: summarize(outcomes.map((outcome) => outcome.firstByteMs)),
    streamSeconds: summarize(outcomes.map((outcome) => outcome.totalMs / 1000)),
  };
}

export async function measureSlowStreams(
  scratchDirectory: string,
  log: (line: string) => void,
): Promise<SlowStreamResults> {
  const parameters = SLOW_STREAM_PARAMETERS;
  const upstream = await startServerChild({
    script: 'servers/fake-upstream.ts',
    options: { key: UPSTREAM_KEY, chunkCount: parameters.chunks, chunkDelayMs: parameters.chunkDelayMs },
  });
  const gateway = await startGateway(scratchDirectory, 'slow-streams');
  let gatewayStopped = false;
  try {
    const upstreamPort = Number(new URL(upstream.url).port);
    const direct = await runStreams(
      `${upstream.url}/v1/chat/completions`,
      { authorization: `Bearer ${UPSTREAM_KEY}` },
      upstreamPort,
      upstream.pid,
    );
    log(
      `  direct: ${direct.completedStreams}/${parameters.streams} streams in ${direct.wallSeconds.toFixed(1)} s`,
    );

    const initialUserQuota = 1_000_000_000_000;
    const provisioned = await provisionGateway(gateway.url, upstream.url, initialUserQuota);
    const idleRssBytes = residentBytes(gateway.pid) ?? 0;
    const memorySampler = new PeakSampler(() => residentBytes(gateway.pid), parameters.sampleIntervalMs);
    let switchyard: StreamTiming;
    try {
      switchyard = await runStreams(
        `${gateway.url}/v1/chat/completions`,
        { authorization: `Bearer ${provisioned.apiKey}` },
        upstreamPort,
        gateway.pid,
      );
    } catch (error) {
      memorySampler.stop();
      throw error;
    }
    const memory = memorySampler.stop();
    const lifetimePeakRssBytes = peakResidentBytes(gateway.pid);
    const gatewayExitCode = await gateway.stop(60_000);
    gatewayStopped = true;
    const billing = checkBilling(gateway.databasePath, {
      userId: provisioned.userId,
      tokenId: provisioned.tokenId,
      initialUserQuota,
      requests: parameters.streams,
      completionTokensPerRequest: parameters.chunks,
    });
    log(
      `  Switchyard: ${switchyard.completedStreams}/${parameters.streams} streams in ${switchyard.wallSeconds.toFixed(1)} s, ` +
        `peak RSS ${(memory.peak / 1e6).toFixed(1)} MB, ${billing.consumptionLogs} consumption logs`,
    );
    return {
      streams: parameters.streams,
      direct,
      switchyard,
      idleRssBytes,
      peakRssBytes: memory.peak,
      rssSamples: memory.samples,
      lifetimePeakRssBytes,
      gatewayExitCode,
      billing,
    };
  } finally {
    if (!gatewayStopped) await gateway.stop();
    await upstream.stop();
  }
}
