/**
 * Nothing a client sends can hold the event loop (docs/decisions/0010-relay-admission-and-usage-bounds.md):
 * a 30 MB prompt without spaces, and 40,000 one-character messages on every conversation route (which the
 * same-role merge once took 18–25 s to handle), are admitted, counted and relayed while /healthz keeps
 * answering, and a key that cannot pay is refused at once whatever the size of its request. The server
 * runs as its own process; the upstream only drains bodies (parsing them in this process would distort the
 * timings) and answers in the format of the path it was asked on.
 */

import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ServerProcess, startServerProcess } from '../../test-support/server-process.ts';
import { type ApiClient, createUserAndLogin, loginAsRoot } from '../../test-support/test-server.ts';
import { fastestOf } from '../../test-support/timing.ts';

const chatReply = JSON.stringify({
  id: 'chatcmpl-drain',
  object: 'chat.completion',
  created: 1,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'ok' }, finish_reason: 'stop' }],
  usage: { prompt_tokens: 7_500_000, completion_tokens: 1, total_tokens: 7_500_001 },
});

/** The upstream's answer per path: each in its API's own shape. */
const replies: Record<string, string> = {
  '/v1/chat/completions': chatReply,
  '/v1/embeddings': JSON.stringify({
    object: 'list',
    data: [{ object: 'embedding', index: 0, embedding: [0.5, 0.25] }],
    model: 'text-embedding-3-small',
    usage: { prompt_tokens: 40_000, total_tokens: 40_000 },
  }),
  '/v1/responses': JSON.stringify({
    id: 'resp_drain',
    object: 'response',
    created_at: 1,
    status: 'completed',
    model: 'gpt-4o-mini',
    output: [
      {
        type: 'message',
        id: 'msg_drain',
        status: 'completed',
        role: 'assistant',
        content: [{ type: 'output_text', text: 'ok', annotations: [] }],
      },
    ],
    usage: { input_tokens: 40_000, output_tokens: 1, total_tokens: 40_001 },
  }),
  '/v1/messages': JSON.stringify({
    id: 'msg_drain',
    type: 'message',
    role: 'assistant',
    model: 'claude-3-haiku-20240307',
    content: [{ type: 'text', text: 'ok' }],
    stop_reason: 'end_turn',
    stop_sequence: null,
    usage: { input_tokens: 40_000, output_tokens: 1 },
  }),
};

/** An upstream that reads and discards the request body, then answers a fixed reply for its path. */
async function startDrainingUpstream(): Promise<{ url: string; server: Server; bodies: number[] }> {
  const bodies: number[] = [];
  const server = createServer((request, response) => {
    let size = 0;
    request.on('data', (chunk: Buffer) => {
      size += chunk.length;
    });
    request.on('end', () => {
      bodies.push(size);
      const path = new URL(request.url ?? '/', 'http://upstream').pathname;
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(replies[path] ?? chatReply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server, bodies };
}

async function createKey(user: ApiClient, remainQuota: number): Promise<string> {
  const token = await user.post<{ key: string }>('/api/token/', {
    name: `k${remainQuota}`,
    remain_quota: remainQuota,
    unlimited_quota: false,
    expired_time: -1,
  });
  expect(token.body.success).toBe(true);
  return `sk-${token.body.data!.key}`;
}

/** Polls /healthz every 10 ms until `until` settles; returns the slowest answer in milliseconds. */
async function slowestHealthCheck(server: ServerProcess, until: Promise<unknown>): Promise<number> {
  let done = false;
  void until.finally(() => {
    done = true;
  });
  let slowest = 0;
  while (!done) {
    const started = performance.now();
    const response = await fetch(`${server.url}/healthz`);
    await response.arrayBuffer();
    slowest = Math.max(slowest, performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  return slowest;
}

/**
 * How long /healthz may wait on this machine: 100 ms, or more where the machine is slower. Each of the
 * single steps a 30 MB body needs — parsing it, serializing it again, encoding the text — takes one turn
 * of its own on the server (server/src/relay/http/json-body.ts, server/src/relay/call/large-body.ts), and a
 * health check arriving during one step may also wait for the next; so the bound is two of the slowest such
 * step, timed here on the same body, plus 50 ms. A stall that grows with the input beyond one such
 * step (the quadratic tokenizer took 24 s) is far above it on any machine.
 */
function healthBudgetMs(body: string): number {
  let parsed: unknown;
  const parse = fastestOf(() => {
    parsed = JSON.parse(body);
  });
  const serialize = fastestOf(() => JSON.stringify(parsed));
  const encode = fastestOf(() => Buffer.from(body));
  return Math.max(100, 2 * Math.max(parse, serialize, encode) + 50);
}

describe('admission of huge requests', () => {
  let server: ServerProcess;
  let upstream: Awaited<ReturnType<typeof startDrainingUpstream>>;
  let user: ApiClient;
  let directory: string;

  beforeAll(async () => {
    directory = mkdtempSync(join(tmpdir(), 'switchyard-admission-'));
    upstream = await startDrainingUpstream();
    server = await startServerProcess({ SQLITE_PATH: join(directory, 'one-api.db') });
    const root = await loginAsRoot(server);
    user = await createUserAndLogin(server, root, 'bigprompts');
    // Under the trusted-balance threshold, so every call is pre-consumed (its prompt counted first).
    await root.put('/api/user/', { id: user.currentUserId, quota: 4_000_000 });
    const channel = await root.post('/api/channel/', {
      type: 1,
      name: 'drain',
      key: 'drain-key',
      base_url: upstream.url,
      models: 'gpt-4o-mini,text-embedding-3-small',
      group: 'default',
    });
    expect(channel.body.success).toBe(true);
    const claude = await root.post('/api/channel/', {
      type: 14,
      name: 'drain-claude',
      key: 'drain-key',
      base_url: upstream.url,
      models: 'claude-3-haiku-20240307',
      group: 'default',
    });
    expect(claude.body.success).toBe(true);
  });

  afterAll(async () => {
    await server.stop('SIGTERM');
    await new Promise((resolve) => upstream.server.close(resolve));
    rmSync(directory, { recursive: true, force: true });
  });

  // A retry absorbs a latency spike from other test files sharing the machine's two cores; a real stall
  // (the tokenizer's quadratic case took 24 s) fails every try.
  it('keeps /healthz answering within 100 ms (more on a slower machine) while a 30 MB prompt without spaces is handled', {
    retry: 2,
    timeout: 60_000,
  }, async () => {
    const key = await createKey(user, 3_000_000);
    const body = JSON.stringify({
      model: 'gpt-4o-mini',
      max_tokens: 1,
      messages: [{ role: 'user', content: 'a'.repeat(30_000_000) }],
    });
    const budget = healthBudgetMs(body);
    const call = fetch(`${server.url}/v1/chat/completions`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body,
    });
    const slowest = await slowestHealthCheck(server, call);
    const response = await call;
    const text = await response.text();
    // The prompt is far beyond this key's quota once counted: refused, or relayed and capped — never stuck.
    expect([200, 403]).toContain(response.status);
    expect(text.length).toBeGreaterThan(0);
    expect(slowest, `budget ${budget.toFixed(0)} ms on this machine`).toBeLessThan(budget);
  });

  it('refuses a key that cannot pay at once, whatever the size of its input', async () => {
    const key = await createKey(user, 1);
    const input = 'x'.repeat(150_000);
    const started = performance.now();
    const response = await fetch(`${server.url}/v1/embeddings`, {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'text-embedding-3-small', input }),
    });
    expect(response.status).toBe(403);
    expect(performance.now() - started).toBeLessThan(1_000);
    const error = (await response.json()) as { error: { code: string } };
    expect(error.error.code).toBe('insufficient_token_quota');
  });

  const one = Array.from({ length: 40_000 }, () => 'a');
  const conversationRoutes: { route: string; path: string; body: unknown; ok: number[] }[] = [
    {
      route: 'chat completions',
      path: '/v1/chat/completions',
      body: {
        model: 'gpt-4o-mini',
        max_tokens: 1,
        messages: one.map((text) => ({ role: 'user', content: text })),
      },
      ok: [200],
    },
    {
      route: 'chat completions to a Claude channel',
      path: '/v1/chat/completions',
      body: {
        model: 'claude-3-haiku-20240307',
        max_tokens: 1,
        messages: one.map((text) => ({ role: 'user', content: text })),
      },
      ok: [200],
    },
    {
      route: 'messages',
      path: '/v1/messages',
      body: {
        model: 'gpt-4o-mini',
        max_tokens: 1,
        messages: one.map((text) => ({ role: 'user', content: text })),
      },
      ok: [200],
    },
    {
      route: 'count_tokens',
      path: '/v1/messages/count_tokens',
      body: { model: 'gpt-4o-mini', messages: one.map((text) => ({ role: 'user', content: text })) },
      ok: [200],
    },
    {
      route: 'responses',
      path: '/v1/responses',
      body: {
        model: 'gpt-4o-mini',
        max_output_tokens: 16,
        input: one.map((text) => ({ role: 'user', content: text })),
      },
      ok: [200],
    },
    {
      route: 'generateContent',
      path: '/v1beta/models/gpt-4o-mini:generateContent',
      body: {
        generationConfig: { maxOutputTokens: 1 },
        contents: one.map((text) => ({ role: 'user', parts: [{ text }] })),
      },
      ok: [200],
    },
    {
      route: 'countTokens',
      path: '/v1beta/models/gpt-4o-mini:countTokens',
      body: { contents: one.map((text) => ({ role: 'user', parts: [{ text }] })) },
      ok: [200],
    },
    {
      // More inputs than OpenAI takes in one call: refused before anything is counted.
      route: 'embeddings',
      path: '/v1/embeddings',
      body: { model: 'text-embedding-3-small', input: one },
      ok: [400],
    },
  ];

  it.each(conversationRoutes)(
    'keeps /healthz answering while 40,000 one-character messages reach $route',
    {
      retry: 2,
      timeout: 60_000,
    },
    async ({ path, body, ok }) => {
      const key = await createKey(user, 3_000_000);
      const text = JSON.stringify(body);
      const budget = healthBudgetMs(text);
      const call = fetch(`${server.url}${path}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
        body: text,
      });
      const slowest = await slowestHealthCheck(server, call);
      const response = await call;
      const answer = await response.text();
      expect(ok, answer.slice(0, 300)).toContain(response.status);
      expect(slowest, `budget ${budget.toFixed(0)} ms on this machine`).toBeLessThan(budget);
    },
  );
});
