/**
 * Closed-loop throughput at a fixed number of keep-alive connections. wrk (C, one thread) is used
 * when it is installed because it leaves more of this small machine's CPU to the servers under test;
 * otherwise autocannon (an npm devDependency) runs in its own Node process. Both are separate
 * processes from every server. Install wrk on Debian/Ubuntu with `apt-get install -y wrk`.
 */
import { execFile, spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { combineLoads, type LoadWindow, loadSince, sampleLoad } from './machine-load.ts';

export type LoadTool = 'wrk' | 'autocannon';

export interface LoadTarget {
  url: string;
  headers: Record<string, string>;
  body: string;
}

export interface ThroughputResult {
  tool: LoadTool;
  requests: number;
  durationSeconds: number;
  requestsPerSecond: number;
  /** Replies that were not 2xx/3xx, plus connection errors and timeouts. */
  failures: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  /** CPU time the answering server process used during the run (set by measureRound; Linux only). */
  serverCpuMs?: number;
  /** The machine's other work during the run (set by measureRound). */
  load?: LoadWindow;
}

export const WRK_INSTALL_HINT =
  'wrk is not installed, so throughput is measured with autocannon (a Node load generator that takes ' +
  'a CPU core from the servers on a small machine). For the numbers of record install wrk: ' +
  '`apt-get install -y wrk` (Debian/Ubuntu) or `brew install wrk` (macOS).';

export function detectLoadTool(): LoadTool {
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  return probe.error ? 'autocannon' : 'wrk';
}

function run(command: string, args: string[], timeoutMs: number): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(
      command,
      args,
      { timeout: timeoutMs, maxBuffer: 16 * 1024 * 1024, killSignal: 'SIGKILL' },
      (error, stdout, stderr) => {
        if (error) reject(new Error(`${command} failed: ${error.message}\n${stderr}`));
        else resolve(stdout);
      },
    );
  });
}

function luaLongString(text: string): string {
  if (text.includes(']==]')) throw new Error('text cannot be embedded in the wrk script');
  return `[==[${text}]==]`;
}

function wrkScript(target: LoadTarget): string {
  const headerLines = Object.entries({ 'Content-Type': 'application/json', ...target.headers }).map(
    ([name, value]) => `wrk.headers[ ${luaLongString(name)} ] = ${luaLongString(value)}`,
  );
  return [
    'wrk.method = "POST"',
    `wrk.body = ${luaLongString(target.body)}`,
    ...headerLines,
    'done = function(summary, latency, requests)',
    '  local errors = summary.errors',
    '  io.write(string.format("BENCH_RESULT %.0f %.0f %.0f %.0f %.0f\\n", summary.requests, summary.duration,',
    '    errors.connect + errors.read + errors.write + errors.status + errors.timeout,',
    '    latency:percentile(50), latency:percentile(99)))',
    'end',
    '',
  ].join('\n');
}

async function runWrk(
  target: LoadTarget,
  connections: number,
  seconds: number,
  scratchDirectory: string,
): Promise<ThroughputResult> {
  const scriptPath = join(scratchDirectory, 'wrk-post.lua');
  writeFileSync(scriptPath, wrkScript(target));
  const output = await run(
    'wrk',
    ['-t1', `-c${connections}`, `-d${seconds}s`, '--timeout', '10s', '-s', scriptPath, target.url],
    (seconds + 30) * 1000,
  );
  const match = /^BENCH_RESULT (\d+) (\d+) (\d+) (\d+) (\d+)$/m.exec(output);
  if (!match) throw new Error(`unexpected wrk output:\n${output}`);
  const [requests, durationMicros, failures, p50Micros, p99Micros] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const durationSeconds = durationMicros / 1e6;
  return {
    tool: 'wrk',
    requests,
    durationSeconds,
    requestsPerSecond: requests / durationSeconds,
    failures,
    latencyP50Ms: p50Micros / 1000,
    latencyP99Ms: p99Micros / 1000,
  };
}

interface AutocannonJson {
  requests: { total: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  latency: { p50: number; p99: number };
}

async function runAutocannon(
  target: LoadTarget,
  connections: number,
  seconds: number,
): Promise<ThroughputResult> {
  const script = createRequire(import.meta.url).resolve('autocannon');
  const headerArguments = Object.entries({ 'Content-Type': 'application/json', ...target.headers }).flatMap(
    ([name, value]) => ['-H', `${name}=${value}`],
  );
  const output = await run(
    process.execPath,
    [
      script,
      '--json',
      '--no-progress',
      '-c',
      String(connections),
      '-d',
      String(seconds),
      '-m',
      'POST',
      ...headerArguments,
      '-b',
      target.body,
      target.url,
    ],
    (seconds + 30) * 1000,
  );
  const parsed = JSON.parse(output) as AutocannonJson;
  return {
    tool: 'autocannon',
    requests: parsed.requests.total,
    durationSeconds: parsed.duration,
    requestsPerSecond: parsed.requests.total / parsed.duration,
    failures: parsed.non2xx + parsed.errors + parsed.timeouts,
    latencyP50Ms: parsed.latency.p50,
    latencyP99Ms: parsed.latency.p99,
  };
}

export interface ThroughputSeries {
  rounds: ThroughputResult[];
  requests: number;
  /** All requests of all rounds over all their time. */
  requestsPerSecond: number;
  /** The median of the rounds' p50. */
  latencyP50Ms: number;
  /** The worst of the rounds' p99. */
  latencyP99Ms: number;
  /** Server CPU milliseconds per request over all rounds; null when CPU time is unknown. */
  serverCpuMsPerRequest: number | null;
  /** The machine's other work over the rounds; null when no round measured it. */
  load: LoadWindow | null;
}

export function combineRounds(rounds: ThroughputResult[]): ThroughputSeries {
  const requests = rounds.reduce((sum, round) => sum + round.requests, 0);
  const seconds = rounds.reduce((sum, round) => sum + round.durationSeconds, 0);
  const medians = rounds.map((round) => round.latencyP50Ms).sort((left, right) => left - right);
  return {
    rounds,
    requests,
    requestsPerSecond: requests / seconds,
    latencyP50Ms: medians[Math.floor((medians.length - 1) / 2)] ?? 0,
    latencyP99Ms: Math.max(...rounds.map((round) => round.latencyP99Ms)),
    serverCpuMsPerRequest: rounds.every((round) => round.serverCpuMs !== undefined)
      ? rounds.reduce((sum, round) => sum + (round.serverCpuMs ?? 0), 0) / requests
      : null,
    load: rounds.every((round) => round.load !== undefined)
      ? combineLoads(rounds.map((round) => round.load!))
      : null,
  };
}

export function measureThroughput(
  tool: LoadTool,
  target: LoadTarget,
  options: { connections: number; seconds: number; scratchDirectory: string },
): Promise<ThroughputResult> {
  return tool === 'wrk'
    ? runWrk(target, options.connections, options.seconds, options.scratchDirectory)
    : runAutocannon(target, options.connections, options.seconds);
}

/**
 * One measured round: throughput, the CPU time the serving process(es) used during it (`serverCpu` reads
 * their total, null when unknown) and the machine's other work. A round with a failed request throws.
 */
export async function measureRound(
  tool: LoadTool,
  target: LoadTarget,
  options: { connections: number; seconds: number; scratchDirectory: string; label: string },
  serverCpu: () => number | null,
): Promise<ThroughputResult> {
  const cpuBefore = serverCpu();
  const loadBefore = sampleLoad();
  const result = await measureThroughput(tool, target, options);
  result.load = loadSince(loadBefore);
  const cpuAfter = serverCpu();
  if (cpuBefore !== null && cpuAfter !== null) result.serverCpuMs = cpuAfter - cpuBefore;
  if (result.failures > 0) throw new Error(`${options.label}: ${result.failures} failed requests under load`);
  return result;
}
