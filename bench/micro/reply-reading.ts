/**
 * Micro-benchmark: reading a non-stream reply's usage (server/src/relay/deliver/json-relay.ts) — the whole
 * body decoded and parsed, as before issue 24, against the one-pass scanner
 * (server/src/relay/formats/openai/usage-scan.ts) that parses only the usage — and collecting the body's
 * chunks (undici's `arrayBuffer()` against `readBody`, server/src/lib/http-client.ts).
 *
 *   node --import tsx bench/micro/reply-reading.ts
 *
 * Prints nanoseconds per call, the best of fifteen rounds, interleaved (a shared machine adds noise, never removes it).
 */
import { once } from 'node:events';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { readBody } from '../../server/src/lib/http-client.ts';
import { readJsonReply } from '../../server/src/relay/deliver/json-relay.ts';
import { tokenUsageOf } from '../../server/src/relay/deliver/openai-usage.ts';
import { readUsage } from '../../server/src/relay/formats/openai/usage.ts';

// The usage bench/servers/fake-upstream.ts sends, as OpenAI does.
const usage = {
  prompt_tokens: 5,
  completion_tokens: 4,
  total_tokens: 9,
  prompt_tokens_details: { cached_tokens: 0, audio_tokens: 0 },
  completion_tokens_details: {
    reasoning_tokens: 0,
    audio_tokens: 0,
    accepted_prediction_tokens: 0,
    rejected_prediction_tokens: 0,
  },
};
function chatReply(content: string): Buffer {
  return Buffer.from(
    JSON.stringify({
      id: 'chatcmpl-bench-000000000000000000000000',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'gpt-4o-mini',
      choices: [
        {
          index: 0,
          message: { role: 'assistant', content, refusal: null, annotations: [] },
          logprobs: null,
          finish_reason: 'stop',
        },
      ],
      usage,
      service_tier: 'default',
      system_fingerprint: 'fp_bench',
    }),
  );
}
const embedding = Array.from({ length: 1536 }, (_, index) => Math.sin(index) / 10);
const replies: Record<string, Buffer> = {
  'bench reply (4 words)': chatReply('Hello from the fake'),
  'chat reply, 2 KB of text': chatReply('The quick brown fox jumps over the lazy dog. '.repeat(45)),
  'chat reply, 2 KB of CJK text': chatReply('你好世界，这是一个测试。'.repeat(60)),
  'embeddings reply (1536 floats)': Buffer.from(
    JSON.stringify({
      object: 'list',
      data: [{ object: 'embedding', index: 0, embedding }],
      model: 'm',
      usage,
    }),
  ),
};

/** readJsonReply as it was before the scanner: the whole body decoded and parsed. */
function parseWhole(body: Buffer) {
  const reply = JSON.parse(body.toString('utf8')) as Record<string, unknown>;
  const usage = readUsage(reply.usage);
  if (!usage) throw new Error('these replies all carry usage');
  return { upstreamUsage: tokenUsageOf(usage), countedCompletionTokens: 0, outputDelivered: true };
}

function nanosecondsPerCall(run: () => unknown, calls: number): number {
  let best = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 5; round++) {
    const started = process.hrtime.bigint();
    for (let call = 0; call < calls; call++) run();
    best = Math.min(best, Number(process.hrtime.bigint() - started) / calls);
  }
  return best;
}

console.log('Reading the usage of a reply (ns per call):');
for (const [name, body] of Object.entries(replies)) {
  const calls = body.length > 10_000 ? 2_000 : 50_000;
  let whole = Number.POSITIVE_INFINITY;
  let scanned = Number.POSITIVE_INFINITY;
  for (let round = 0; round < 3; round++) {
    whole = Math.min(
      whole,
      nanosecondsPerCall(() => parseWhole(body), calls),
    );
    scanned = Math.min(
      scanned,
      nanosecondsPerCall(() => readJsonReply('chat', body, 'gpt-4o-mini'), calls),
    );
  }
  console.log(
    `  ${name} (${body.length} bytes): whole parse ${whole.toFixed(0)}, scanner ${scanned.toFixed(0)}`,
  );
}

// Collecting a body: one small reply over a real keep-alive connection, sequential calls.
const reply = replies['bench reply (4 words)'] as Buffer;
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': 'application/json', 'content-length': reply.length });
  response.end(reply);
});
server.listen(0, '127.0.0.1');
await once(server, 'listening');
const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
const agent = new Agent({ keepAliveTimeout: 30_000 });
/** CPU time of this process (server and client both) per request: the variants differ only in the collecting. */
/**
 * Per request: the CPU time of this process (server and client both; the variants differ only in the
 * collecting) and the time from having the headers to having the bytes.
 */
async function collect(how: 'arrayBuffer' | 'readBody', calls: number): Promise<[number, number]> {
  const started = process.cpuUsage();
  let collecting = 0n;
  for (let call = 0; call < calls; call++) {
    const response = await agent.request({ origin, path: '/', method: 'GET' });
    const at = process.hrtime.bigint();
    const body =
      how === 'arrayBuffer' ? Buffer.from(await response.body.arrayBuffer()) : await readBody(response.body);
    collecting += process.hrtime.bigint() - at;
    if (body.length !== reply.length) throw new Error('short body');
  }
  const used = process.cpuUsage(started);
  return [((used.user + used.system) * 1000) / calls, Number(collecting) / calls];
}
console.log(
  'A 400-byte reply over a keep-alive connection, server in this process (ns per request, mean of 6 rounds):',
);
await collect('arrayBuffer', 3_000);
await collect('readBody', 3_000);
const totals: Record<string, [number, number]> = { arrayBuffer: [0, 0], readBody: [0, 0] };
for (let round = 0; round < 6; round++) {
  for (const how of ['arrayBuffer', 'readBody'] as const) {
    const [cpu, span] = await collect(how, 5_000);
    const total = totals[how] as [number, number];
    total[0] += cpu / 6;
    total[1] += span / 6;
  }
}
for (const how of ['arrayBuffer', 'readBody'] as const) {
  const [cpu, span] = totals[how] as [number, number];
  console.log(`  ${how}: CPU ${cpu.toFixed(0)}, headers to bytes ${span.toFixed(0)}`);
}
await agent.close();
server.close();
