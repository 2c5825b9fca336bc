/**
 * Benchmark child: the speed limit of a Node relay on this machine. A minimal node:http server that
 * forwards POST /v1/chat/completions to the upstream through undici (an Agent with the gateway's
 * keep-alive settings, see server/src/lib/http-client.ts) and pipes the reply back. It does
 * nothing else: no JSON parsing, no auth, no billing, no logging.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream/promises';
import { Agent, request } from 'undici';
import { listenOnLoopback } from '../../server/src/test-support/loopback.ts';
import { childOptions, runServerChild } from '../lib/child-messages.ts';

export interface BareProxyOptions {
  upstreamUrl: string;
  upstreamKey: string;
}

const ROUTE = '/v1/chat/completions';

async function readBody(incoming: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

async function startBareProxy(options: BareProxyOptions) {
  const agent = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, connections: 512 });
  const target = `${options.upstreamUrl}${ROUTE}`;
  const authorization = `Bearer ${options.upstreamKey}`;

  async function forward(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void> {
    if (incoming.method !== 'POST' || incoming.url !== ROUTE) {
      outgoing.writeHead(404).end();
      return;
    }
    const body = await readBody(incoming);
    const abort = new AbortController();
    outgoing.on('close', () => {
      if (!outgoing.writableFinished) abort.abort();
    });
    const upstream = await request(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization },
      body,
      dispatcher: agent,
      signal: abort.signal,
    });
    outgoing.writeHead(upstream.statusCode, {
      'content-type': String(upstream.headers['content-type'] ?? 'application/json'),
    });
    await pipeline(upstream.body, outgoing);
  }

  const server = createServer((incoming, outgoing) => {
    forward(incoming, outgoing).catch(() => {
      if (!outgoing.headersSent) outgoing.writeHead(502).end();
      else outgoing.destroy();
    });
  });
  server.keepAliveTimeout = 30_000;
  return {
    url: await listenOnLoopback(server),
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await agent.close();
    },
  };
}

runServerChild(() => startBareProxy(childOptions<BareProxyOptions>()));
