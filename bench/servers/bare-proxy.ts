/**
 * Benchmark child: the speed limit of a Node relay on this machine, the yardstick of the relay targets. A
 * node:http server that takes POST /v1/chat/completions and does what any relay of JSON calls must do
 * at least, and nothing more:
 *   1. reads the whole request body;
 *   2. parses it (JSON.parse) — a relay has to, to see the model and whether the call streams — and
 *      answers 400 when it is not JSON;
 *   3. serialises it again (JSON.stringify) — a relay sends its own copy (the model it maps, the options
 *      it sets) — and sends it to the upstream through undici (an Agent with the gateway's keep-alive
 *      settings, server/src/lib/http-client.ts) with the upstream key;
 *   4. pipes the upstream's status, content type and body back as they arrive (streams too), and cancels
 *      the upstream request when the client leaves.
 * It has no authentication, no routing, no billing, no logging, and it reads nothing of the reply.
 * Why it is written this way, and what it replaced: bench/README.md, "The bare proxy".
 */
import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { Agent } from 'undici';
import { listenOnLoopback } from '../../server/src/test-support/loopback.ts';
import { childOptions, runServerChild } from '../lib/child-messages.ts';

export interface BareProxyOptions {
  upstreamUrl: string;
  upstreamKey: string;
}

const ROUTE = '/v1/chat/completions';
const NOT_JSON = '{"error":{"message":"the request body is not JSON","type":"invalid_request_error"}}';

function readBody(incoming: IncomingMessage, done: (body: Buffer) => void): void {
  const chunks: Buffer[] = [];
  incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
  incoming.on('end', () => done(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks)));
}

/**
 * What undici takes as a request's signal: an EventEmitter with `aborted` (an AbortController costs
 * several times as much, server/src/lib/cancel.ts). Aborted when the client leaves before the reply ends.
 */
class ClientGone extends EventEmitter {
  aborted = false;

  constructor(outgoing: ServerResponse) {
    super();
    outgoing.once('close', () => {
      if (outgoing.writableFinished) return;
      this.aborted = true;
      this.emit('abort');
    });
  }
}

async function startBareProxy(options: BareProxyOptions) {
  const agent = new Agent({ keepAliveTimeout: 30_000, keepAliveMaxTimeout: 600_000, connections: 512 });
  const origin = options.upstreamUrl;
  const headers = { 'content-type': 'application/json', authorization: `Bearer ${options.upstreamKey}` };

  /**
   * Sends the body upstream and pipes the answer back as it arrives, with backpressure. Not through
   * stream.pipeline: in Node 20 it makes an AbortController and, when it finishes, a DOMException on every
   * call (~25 µs of CPU per request here), which a relay need not pay.
   */
  async function forward(body: string, outgoing: ServerResponse): Promise<void> {
    const upstream = await agent.request({
      origin,
      path: ROUTE,
      method: 'POST',
      headers,
      body,
      signal: new ClientGone(outgoing),
    });
    outgoing.writeHead(upstream.statusCode, {
      'content-type': String(upstream.headers['content-type'] ?? 'application/json'),
    });
    const reply = upstream.body;
    reply.on('data', (chunk: Buffer) => {
      if (!outgoing.write(chunk)) {
        reply.pause();
        outgoing.once('drain', () => reply.resume());
      }
    });
    reply.on('end', () => outgoing.end());
    reply.on('error', () => outgoing.destroy());
  }

  const server = createServer((incoming, outgoing) => {
    if (incoming.method !== 'POST' || incoming.url !== ROUTE) {
      outgoing.writeHead(404).end();
      return;
    }
    readBody(incoming, (bytes) => {
      let body: string;
      try {
        body = JSON.stringify(JSON.parse(bytes.toString('utf8')));
      } catch {
        outgoing.writeHead(400, { 'content-type': 'application/json' }).end(NOT_JSON);
        return;
      }
      forward(body, outgoing).catch(() => {
        if (!outgoing.headersSent) outgoing.writeHead(502).end();
        else outgoing.destroy();
      });
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
