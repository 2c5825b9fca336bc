/**
 * bench/RESULTS.md: the machine, the verdicts, and one section per phase. Every figure has the CPU per
 * request of the process that answered and the machine's other work while it was measured beside it.
 */

import {
  CONVERTED_PARAMETERS,
  type ConvertedResults,
  PATH_LABELS,
  PATHS,
} from '../phases/converted-paths.ts';
import {
  BENCH_KEY_LIMITS,
  LIMITED_KEY_PARAMETERS,
  LIMITED_KEY_REDIS_URL,
  type LimitedKeyResults,
} from '../phases/limited-key.ts';
import {
  OVERHEAD_PARAMETERS,
  type OverheadResults,
  type SequentialMeasure,
  TARGET_LABELS,
  TARGET_NAMES,
} from '../phases/relay-overhead.ts';
import { SLOW_STREAM_PARAMETERS, type SlowStreamResults, type StreamTiming } from '../phases/slow-streams.ts';
import { WORKER_SETUPS, WORKERS_PARAMETERS, type WorkersResults } from '../phases/workers.ts';
import {
  againstUnlimited,
  type BenchReport,
  busy,
  formatLoad,
  loadCell,
  megabytes,
  microseconds,
  milliseconds,
  verdicts,
} from './report.ts';

const MACHINE_DURING =
  '"Machine during" is the CPU the machine spent on work other than this benchmark while the figure was measured — in cores, from /proc/stat minus the CPU time of the harness and every process it started — and the 1-minute load average at the end (which counts the benchmark’s own busy processes, about 2, too).';

function machineSection(report: BenchReport): string[] {
  const { machine } = report;
  return [
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
          `> **The machine was busy with other work** (load average ${formatLoad(report.loadBefore)} on ${machine.cores} cores at the start): absolute numbers are lower and noisier than on an idle machine. The comparisons are measured in interleaved rounds, and CPU per request, which hardly depends on the machine's other work, is given beside every rate.`,
          '',
        ]
      : []),
    MACHINE_DURING,
    '',
  ];
}

function throughputSection(overhead: OverheadResults): string[] {
  const parameters = OVERHEAD_PARAMETERS.throughput;
  const { switchyard, bareProxy } = overhead.throughput;
  const ratio =
    switchyard.serverCpuMsPerRequest !== null && bareProxy.serverCpuMsPerRequest
      ? `Switchyard's CPU per request is ${(switchyard.serverCpuMsPerRequest / bareProxy.serverCpuMsPerRequest).toFixed(2)}× the bare proxy's (${microseconds(switchyard.serverCpuMsPerRequest - bareProxy.serverCpuMsPerRequest)} more per request).`
      : '';
  return [
    '## 1. Non-stream throughput',
    '',
    `Closed loop, ${parameters.connections} keep-alive connections, the same small chat request (reply: 4 words). Each target is warmed up for ${parameters.warmupSeconds} s, then measured in ${parameters.rounds} interleaved rounds of ${parameters.roundSeconds} s; every reply was 200. requests/s = all requests ÷ all measured time.`,
    '',
    '| Target | requests/s | per round | requests | latency p50 | latency p99 | server CPU per request | machine during |',
    '|---|---:|---:|---:|---:|---:|---:|---|',
    ...TARGET_NAMES.map((name) => {
      const value = overhead.throughput[name];
      const rounds = value.rounds.map((round) => round.requestsPerSecond.toFixed(0)).join(' / ');
      return `| ${TARGET_LABELS[name]} | ${value.requestsPerSecond.toFixed(0)} | ${rounds} | ${value.requests} | ${milliseconds(value.latencyP50Ms)} | ${milliseconds(value.latencyP99Ms)} | ${microseconds(value.serverCpuMsPerRequest)} | ${loadCell(value.load)} |`;
    }),
    '',
    `Server CPU per request is the user + system CPU time of the process that answers (the fake for the direct row, the proxy process alone for the proxy row, the Switchyard process alone for its row), read from /proc around each round. Unlike requests/s it hardly depends on what else the machine runs, so it is the steadier measure of what each hop costs. ${ratio}`,
    '',
  ];
}

function hopBreakdown(measure: SequentialMeasure): string {
  const values = measure.percentiles;
  const hop = values.bareProxy.p50 - values.direct.p50;
  const own = values.switchyard.p50 - values.bareProxy.p50;
  return `Of the added p50, the extra hop itself (bare proxy − direct: another process, two more loopback HTTP exchanges) is ${milliseconds(hop)}; Switchyard's own work on top of that (Switchyard − bare proxy) is ${milliseconds(own)}. Machine during: ${loadCell(measure.load)}.`;
}

function percentileRows(measure: SequentialMeasure): string[] {
  const values = measure.percentiles;
  return TARGET_NAMES.map((name) => {
    const value = values[name];
    const added = name === 'direct' ? '—' : milliseconds(value.p50 - values.direct.p50);
    return `| ${TARGET_LABELS[name]} | ${value.count} | ${milliseconds(value.p50)} | ${milliseconds(value.p90)} | ${milliseconds(value.p99)} | ${milliseconds(value.mean)} | ${added} | ${microseconds(measure.cpuMsPerRequest[name])} |`;
  });
}

function oneConnectionRows(overhead: OverheadResults): string[] {
  const values = overhead.oneConnection;
  return TARGET_NAMES.map((name) => {
    const value = values[name];
    const added = name === 'direct' ? '—' : milliseconds(value.latencyP50Ms - values.direct.latencyP50Ms);
    return `| ${TARGET_LABELS[name]} | ${value.requestsPerSecond.toFixed(0)} | ${milliseconds(value.latencyP50Ms)} | ${milliseconds(value.latencyP99Ms)} | ${added} | ${microseconds(value.serverCpuMsPerRequest)} | ${loadCell(value.load)} |`;
  });
}

function sequentialSections(overhead: OverheadResults, tool: string): string[] {
  const parameters = OVERHEAD_PARAMETERS;
  const one = parameters.oneConnection;
  const { switchyard, bareProxy } = overhead.oneConnection;
  return [
    '## 2. Sequential non-stream latency',
    '',
    `Two ways. First as ${tool} measures it at one connection: requests back to back, so each request meets whatever the server still does after its previous reply (settling, logging, journal writes), as it would under load; ${one.warmupSeconds} s warm-up per target, then ${one.rounds} interleaved rounds of ${one.roundSeconds} s; p50 is the median of the rounds' p50, p99 the worst round's.`,
    '',
    '| Target | requests/s | p50 | p99 | added p50 | server CPU per request | machine during |',
    '|---|---:|---:|---:|---:|---:|---|',
    ...oneConnectionRows(overhead),
    '',
    `Switchyard − bare proxy at one connection: ${milliseconds(switchyard.latencyP50Ms - bareProxy.latencyP50Ms)} at p50.`,
    '',
    "Then with our own client (undici, in its own process), which takes a little time of its own between requests, so the server finishes its work after a reply before the next request comes: the latency on the request's own path.",
    '',
    `One keep-alive connection per target, ${parameters.latencyWarmupRequests} warm-up requests each, then ${parameters.latencyRequests} measured per target in ${parameters.rounds} interleaved rounds. Time from sending the request to the last byte of the reply; CPU per request of the answering process over the measured requests.`,
    '',
    '| Target | requests | p50 | p90 | p99 | mean | added p50 | server CPU per request |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...percentileRows(overhead.latency),
    '',
    hopBreakdown(overhead.latency),
    '',
    '## 3. Stream time-to-first-byte',
    '',
    `Sequential streaming requests (\`stream: true\`), ${parameters.ttfbWarmupRequests} warm-up each, then ${parameters.ttfbRequests} measured per target in ${parameters.rounds} interleaved rounds. Time from sending the request to the first byte of the body (the first SSE event); each stream is read to its [DONE]. CPU per request is for the whole stream.`,
    '',
    '| Target | streams | p50 | p90 | p99 | mean | added p50 | server CPU per stream |',
    '|---|---:|---:|---:|---:|---:|---:|---:|',
    ...percentileRows(overhead.ttfb),
    '',
    hopBreakdown(overhead.ttfb),
    '',
  ];
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
    row('CPU per stream of the answering process (the fake; Switchyard)', (timing) =>
      microseconds(timing.cpuMsPerStream),
    ),
    row('Machine during', (timing) => loadCell(timing.load)),
  ];
}

function slowStreamSection(slowStreams: SlowStreamResults): string[] {
  const slow = SLOW_STREAM_PARAMETERS;
  const { billing } = slowStreams;
  return [
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
  ];
}

function convertedSection(converted: ConvertedResults): string[] {
  const table = (mode: 'json' | 'stream') => [
    `| Path (${mode === 'json' ? 'non-stream' : 'stream'}) | requests/s | Switchyard CPU per call | machine during |`,
    '|---|---:|---:|---|',
    ...PATHS.map((path) => {
      const measure = converted[mode][path];
      return `| ${PATH_LABELS[path]} | ${measure.requestsPerSecond.toFixed(0)} | ${microseconds(measure.cpuMsPerRequest)} | ${loadCell(measure.load)} |`;
    }),
    '',
  ];
  return [
    '## 5. Converted paths',
    '',
    `One Switchyard with an OpenAI channel (the light fake OpenAI upstream, bench/servers/fake-upstream.ts) and a Claude channel (the light fake Anthropic API, bench/servers/fake-claude.ts). The same short call four ways, non-stream then stream, ${CONVERTED_PARAMETERS.connections} connections, ${CONVERTED_PARAMETERS.warmupSeconds} s warm-up each, then ${CONVERTED_PARAMETERS.rounds} interleaved rounds of ${CONVERTED_PARAMETERS.roundSeconds} s. CPU per call is the Switchyard process's user + system time ÷ calls; a converted call is compared with the pass-through call to the same upstream.`,
    '',
    ...table('json'),
    ...table('stream'),
  ];
}

function workersSection(workers: WorkersResults): string[] {
  const heading = ['## 6. All cores (WORKERS)', ''];
  if (workers.skipped !== null) return [...heading, `Skipped: ${workers.skipped}.`, ''];
  const single = workers.series[0]!.requestsPerSecond;
  return [
    ...heading,
    `The compiled server started as \`npm start\` starts it (node dist/server/main.js), three ways, each on its own SQLite file and the same fake upstream; ${WORKERS_PARAMETERS.connections} connections, ${WORKERS_PARAMETERS.warmupSeconds} s warm-up each, then ${WORKERS_PARAMETERS.rounds} interleaved rounds of ${WORKERS_PARAMETERS.roundSeconds} s. CPU per request is summed over the primary and its workers. On a machine with few cores the load generator and the fake upstream take their share of the same cores, so the scaling shown is bounded by what they leave.`,
    '',
    '| Setup | requests/s | × one process | latency p50 | server CPU per request | machine during |',
    '|---|---:|---:|---:|---:|---|',
    ...workers.series.map(
      (series, index) =>
        `| ${WORKER_SETUPS[index]!.name} | ${series.requestsPerSecond.toFixed(0)} | ${(series.requestsPerSecond / single).toFixed(2)}× | ${milliseconds(series.latencyP50Ms)} | ${microseconds(series.serverCpuMsPerRequest)} | ${loadCell(series.load)} |`,
    ),
    '',
  ];
}

/** Phase 7 (issue 27): the key without limits, with limits in memory, with limits in Redis. */
export function limitedKeySection(results: LimitedKeyResults): string[] {
  const parameters = LIMITED_KEY_PARAMETERS;
  const limits = Object.entries(BENCH_KEY_LIMITS)
    .map(([field, value]) => `${field} ${typeof value === 'number' ? value.toLocaleString('en-US') : value}`)
    .join(', ');
  const rows = results.measures.map((measure) => {
    const { series, counted } = measure;
    const versus = measure.setup === 'none' ? null : againstUnlimited(results, measure);
    const ratio = versus === null ? '—' : `${versus.share.toFixed(2)}×`;
    const cpuRatio = versus?.cpuRatio == null ? '—' : `${versus.cpuRatio.toFixed(2)}×`;
    const countedCell =
      counted === null
        ? '—'
        : `${counted.requestsCounted} of ${counted.requestsSent} sent; ${counted.tokensCounted} tokens; ${counted.budgetCounted} quota; ${counted.inFlightAfter} in flight after`;
    return `| ${measure.name} | ${series.requestsPerSecond.toFixed(0)} | ${series.rounds.map((round) => round.requestsPerSecond.toFixed(0)).join(' / ')} | ${ratio} | ${milliseconds(series.latencyP50Ms)} | ${microseconds(series.serverCpuMsPerRequest)} | ${cpuRatio} | ${countedCell} | ${loadCell(series.load)} |`;
  });
  return [
    '## 7. Limits on the key',
    '',
    `The compiled server started as \`npm start\` starts it, once per setup, each on its own SQLite file and the same light fake upstream; ${parameters.connections} connections, non-stream, ${parameters.warmupSeconds} s warm-up each, then ${parameters.rounds} interleaved rounds of ${parameters.roundSeconds} s. (a) the key has no limits; (b) the key has every kind of limit (${limits}) — high enough never to refuse in the run, so every call is checked, counted and settled by the in-memory limiter; (c) the same with \`REDIS_CONN_STRING\` (${LIMITED_KEY_REDIS_URL}): limits and balances in Redis, a round trip per call, reported without a target. Every reply was 200 (a refused call fails the run). "Counted" is the key's limit usage after the rounds (GET /api/token/:id): requests on rpd against those wrk completed (wrk can leave one per connection unanswered when it stops), tokens on tpd, quota on the budget, and calls still holding a concurrency slot.`,
    '',
    '| Setup | requests/s | per round | × (a) | latency p50 | server CPU per request | CPU × (a) | counted | machine during |',
    '|---|---:|---:|---:|---:|---:|---:|---|---|',
    ...rows,
    '',
    ...(results.redisSkipped === null
      ? []
      : [`(c) skipped: ${results.redisSkipped.replace(/\.$/, '')}.`, '']),
  ];
}

export function renderResults(report: BenchReport): string {
  return [
    '# Switchyard benchmark results',
    '',
    `Generated by \`npm run bench\` (bench/run.ts) on ${report.date.toISOString()}; every run overwrites this file.`,
    'Numbers from one run on the machine below.',
    '',
    ...machineSection(report),
    '## Targets',
    '',
    '| Verdict | Measure | Result | Target | Machine during |',
    '|---|---|---|---|---|',
    ...verdicts(report).map(
      (verdict) =>
        `| **${verdict.passed ? 'PASS' : 'FAIL'}** | ${verdict.measure} | ${verdict.result} | ${verdict.target} | ${verdict.load} |`,
    ),
    '',
    ...throughputSection(report.overhead),
    ...sequentialSections(report.overhead, report.tool),
    ...slowStreamSection(report.slowStreams),
    ...convertedSection(report.converted),
    ...workersSection(report.workers),
    ...limitedKeySection(report.limitedKey),
    '## How to reproduce',
    '',
    '```sh',
    'npm ci',
    'apt-get install -y wrk   # optional: without it the harness falls back to autocannon',
    'npm run bench            # about 5.5 minutes; rewrites bench/RESULTS.md, exits 1 if a target fails',
    'npm run bench -- --cpu-prof   # also profiles the bare proxy and Switchyard (see bench/README.md)',
    '```',
    '',
    'Setup, in one run: the light fake OpenAI upstream (bench/servers/fake-upstream.ts: replies serialised once,',
    'no JSON parsing), the bare proxy (bench/servers/bare-proxy.ts: parses and re-serialises the request, pipes',
    'the reply back) and Switchyard (started as `npm start` starts it: node dist/server/main.js, on a fresh',
    'SQLite file, every setting at its default: logging at info, rate limits on, batched writes, consumption logs',
    'and the ledger journal on) each run in their own process; the load generators too. The gateway is',
    'provisioned over its HTTP API (root setup, one OpenAI channel to the fake, a user, an unlimited `sk-` key).',
    'All traffic stays on 127.0.0.1.',
    '',
  ].join('\n');
}
