/**
 * Benchmark child: sequential requests over one keep-alive connection per target, timed with the
 * monotonic clock. Targets are measured in interleaved rounds (direct, proxy, gateway, direct, …) so
 * slow drifts of the machine hit them all alike. Non-stream mode times the whole reply; stream mode
 * times the first body byte (the first SSE event) and reads the stream to its end. The CPU time of each
 * target's serving process is read from /proc around its measured requests, for the CPU per request.
 */
import { Client } from 'undici';
import { childOptions, runClientChild } from '../lib/child-messages.ts';
import { cpuMilliseconds } from '../lib/process-stats.ts';

export interface SequentialTarget {
  name: string;
  /** Full URL of the chat completions endpoint. */
  url: string;
  headers: Record<string, string>;
  /** The process that answers (the fake, the proxy, Switchyard), for its CPU time. */
  pid: number;
}

export interface SequentialOptions {
  mode: 'json' | 'stream';
  targets: SequentialTarget[];
  body: string;
  warmupRequests: number;
  measuredRequests: number;
  rounds: number;
  /** The client stops with an error past this many milliseconds. */
  deadlineMs: number;
}

export interface SequentialResult {
  /** Milliseconds per measured request, per target name. */
  samples: Record<string, number[]>;
  /** CPU time of the serving process during the measured requests, per target name (null: unknown). */
  cpuMs: Record<string, number | null>;
}

function elapsedMs(start: bigint): number {
  return Number(process.hrtime.bigint() - start) / 1e6;
}

async function timeOne(
  client: Client,
  target: SequentialTarget,
  options: SequentialOptions,
): Promise<number> {
  const url = new URL(target.url);
  const start = process.hrtime.bigint();
  const response = await client.request({
    path: url.pathname,
    method: 'POST',
    headers: { 'content-type': 'application/json', ...target.headers },
    body: options.body,
  });
  if (response.statusCode !== 200) {
    const text = await response.body.text();
    throw new Error(`${target.name} answered ${response.statusCode}: ${text.slice(0, 300)}`);
  }
  if (options.mode === 'json') {
    await response.body.text();
    return elapsedMs(start);
  }
  let firstByteMs: number | null = null;
  let text = '';
  for await (const chunk of response.body) {
    firstByteMs ??= elapsedMs(start);
    text += chunk.toString();
  }
  if (!text.includes('data: [DONE]')) throw new Error(`${target.name} ended a stream without [DONE]`);
  if (firstByteMs === null) throw new Error(`${target.name} sent an empty stream`);
  return firstByteMs;
}

async function measure(options: SequentialOptions): Promise<SequentialResult> {
  const deadline = Date.now() + options.deadlineMs;
  const clients = new Map(
    options.targets.map((target) => [
      target.name,
      new Client(new URL(target.url).origin, { pipelining: 1, keepAliveTimeout: 60_000 }),
    ]),
  );
  const samples: Record<string, number[]> = Object.fromEntries(
    options.targets.map((target) => [target.name, []]),
  );
  const cpuMs: Record<string, number | null> = Object.fromEntries(
    options.targets.map((target) => [target.name, 0]),
  );
  const run = async (target: SequentialTarget, count: number, into: number[] | null) => {
    const client = clients.get(target.name)!;
    for (let index = 0; index < count; index += 1) {
      if (Date.now() > deadline) throw new Error(`sequential ${options.mode} run passed its deadline`);
      const milliseconds = await timeOne(client, target, options);
      into?.push(milliseconds);
    }
  };
  try {
    for (const target of options.targets) await run(target, options.warmupRequests, null);
    const perRound = Math.ceil(options.measuredRequests / options.rounds);
    for (let round = 0; round < options.rounds; round += 1) {
      for (const target of options.targets) {
        const taken = samples[target.name]!;
        const before = cpuMilliseconds(target.pid);
        await run(target, Math.min(perRound, options.measuredRequests - taken.length), taken);
        const after = cpuMilliseconds(target.pid);
        const sum = cpuMs[target.name] ?? null;
        cpuMs[target.name] = before === null || after === null || sum === null ? null : sum + after - before;
      }
    }
  } finally {
    await Promise.all([...clients.values()].map((client) => client.close()));
  }
  return { samples, cpuMs };
}

runClientChild(() => measure(childOptions<SequentialOptions>()));
