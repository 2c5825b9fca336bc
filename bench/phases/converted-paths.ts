/**
 * Phase 5: what converting between formats costs. One Switchyard serves an OpenAI channel (the fake
 * OpenAI upstream) and a Claude channel (the fake Anthropic API); the same call is made four ways —
 * OpenAI in → OpenAI out and Claude in → Claude out (pass-through), Claude in → OpenAI out and OpenAI
 * in → Claude out (converted) — stream and not, under closed-loop load at 64 connections. The Switchyard
 * process's CPU per request is the measure (steadier than requests/s): a converted call should cost at
 * most 1.5× the pass-through call to the same upstream.
 */

import { loginAsRoot } from '../../server/src/test-support/test-server.ts';
import { startServerChild } from '../lib/children.ts';
import { startGateway } from '../lib/gateway-process.ts';
import { BENCH_MODEL, provisionGateway, UPSTREAM_KEY } from '../lib/gateway-setup.ts';
import type { LoadWindow } from '../lib/machine-load.ts';
import { cpuMilliseconds } from '../lib/process-stats.ts';
import {
  combineRounds,
  type LoadTool,
  measureRound,
  measureThroughput,
  type ThroughputResult,
} from '../lib/throughput.ts';

export const CONVERTED_PARAMETERS = {
  connections: 64,
  warmupSeconds: 2,
  rounds: 2,
  roundSeconds: 3,
};

const CLAUDE_MODEL = 'claude-3-5-haiku-20241022';
const CLAUDE_KEY = 'bench-claude-key';

export const PATHS = ['openaiToOpenai', 'claudeToOpenai', 'claudeToClaude', 'openaiToClaude'] as const;
export type PathName = (typeof PATHS)[number];

export const PATH_LABELS: Record<PathName, string> = {
  openaiToOpenai: 'OpenAI in → OpenAI out (pass-through)',
  claudeToOpenai: 'Claude in → OpenAI out (converted)',
  claudeToClaude: 'Claude in → Claude out (pass-through)',
  openaiToClaude: 'OpenAI in → Claude out (converted)',
};

/** Each converted path and the pass-through to the same upstream it is compared with. */
export const COMPARISONS: [PathName, PathName][] = [
  ['claudeToOpenai', 'openaiToOpenai'],
  ['openaiToClaude', 'claudeToClaude'],
];

export interface PathMeasure {
  requestsPerSecond: number;
  /** Switchyard CPU per request, milliseconds. */
  cpuMsPerRequest: number | null;
  /** The machine's other work during the path's rounds. */
  load: LoadWindow | null;
}

export type ConvertedResults = Record<'json' | 'stream', Record<PathName, PathMeasure>>;

function body(path: PathName, stream: boolean): string {
  const model = path.endsWith('Claude') ? CLAUDE_MODEL : BENCH_MODEL;
  const messages = [{ role: 'user', content: 'Say hello to the benchmark' }];
  return path.startsWith('claude')
    ? JSON.stringify({ model, max_tokens: 64, messages, ...(stream ? { stream: true } : {}) })
    : JSON.stringify({ model, messages, ...(stream ? { stream: true } : {}) });
}

async function check(
  url: string,
  headers: Record<string, string>,
  payload: string,
  path: PathName,
): Promise<void> {
  const reply = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: payload,
  });
  const text = await reply.text();
  if (reply.status !== 200) throw new Error(`${path} is not relaying: ${reply.status} ${text.slice(0, 300)}`);
}

export async function measureConvertedPaths(
  tool: LoadTool,
  scratchDirectory: string,
  log: (line: string) => void,
): Promise<ConvertedResults> {
  const upstream = await startServerChild({
    script: 'servers/fake-upstream.ts',
    options: { key: UPSTREAM_KEY },
  });
  const claude = await startServerChild({ script: 'servers/fake-claude.ts', options: { key: CLAUDE_KEY } });
  const gateway = await startGateway(scratchDirectory, 'converted-paths');
  try {
    const provisioned = await provisionGateway(gateway.url, upstream.url, 1_000_000_000_000);
    const root = await loginAsRoot({ url: gateway.url });
    const channel = await root.post('/api/channel/', {
      type: 14,
      name: 'bench-fake-claude',
      key: CLAUDE_KEY,
      base_url: claude.url,
      models: CLAUDE_MODEL,
      group: 'default',
    });
    if (!channel.body.success) throw new Error(`Claude channel creation failed: ${channel.body.message}`);
    const openAiHeaders = { authorization: `Bearer ${provisioned.apiKey}` };
    const claudeHeaders = { 'x-api-key': provisioned.apiKey, 'anthropic-version': '2023-06-01' };
    const target = (path: PathName, stream: boolean) => ({
      url: `${gateway.url}${path.startsWith('claude') ? '/v1/messages' : '/v1/chat/completions'}`,
      headers: path.startsWith('claude') ? claudeHeaders : openAiHeaders,
      body: body(path, stream),
    });
    const results = { json: {}, stream: {} } as ConvertedResults;
    const options = { connections: CONVERTED_PARAMETERS.connections, scratchDirectory };
    for (const mode of ['json', 'stream'] as const) {
      const stream = mode === 'stream';
      for (const path of PATHS) {
        const { url, headers, body: payload } = target(path, stream);
        await check(url, headers, payload, path);
        await measureThroughput(tool, target(path, stream), {
          ...options,
          seconds: CONVERTED_PARAMETERS.warmupSeconds,
        });
      }
      const rounds: Record<PathName, ThroughputResult[]> = {
        openaiToOpenai: [],
        claudeToOpenai: [],
        claudeToClaude: [],
        openaiToClaude: [],
      };
      for (let round = 0; round < CONVERTED_PARAMETERS.rounds; round += 1) {
        for (const path of PATHS) {
          const roundOptions = {
            ...options,
            seconds: CONVERTED_PARAMETERS.roundSeconds,
            label: `${path} (${mode})`,
          };
          rounds[path].push(
            await measureRound(tool, target(path, stream), roundOptions, () => cpuMilliseconds(gateway.pid)),
          );
        }
      }
      for (const path of PATHS) {
        const series = combineRounds(rounds[path]);
        results[mode][path] = {
          requestsPerSecond: series.requestsPerSecond,
          cpuMsPerRequest: series.serverCpuMsPerRequest,
          load: series.load,
        };
      }
      log(
        `  ${mode}: ${PATHS.map((path) => `${path} ${((results[mode][path].cpuMsPerRequest ?? 0) * 1000).toFixed(0)} µs CPU/req`).join(', ')}`,
      );
    }
    return results;
  } finally {
    await gateway.stop();
    await claude.stop();
    await upstream.stop();
  }
}
