/**
 * Channel proxies through UpstreamClient against real local proxies: an HTTP CONNECT proxy, a SOCKS5
 * proxy and a proxy that accepts and never answers
 * (docs/decisions/0009-channel-key-custody-and-upstream-connections.md).
 */
import { connect, createServer, type Server, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RefusedAddressError, UpstreamClient } from '../lib/http-client.ts';
import { type FakeUpstream, startFakeUpstream } from '../test-support/fake-upstream/fake-upstream.ts';

interface LocalProxy {
  url: string;
  /** Tunnels opened (CONNECT or SOCKS5 CONNECT answered). */
  tunnels: () => number;
  accepted: () => number;
  /** Accepted sockets the gateway has closed. */
  closedByClient: () => number;
  close: () => Promise<void>;
}

function pipeTo(client: Socket, port: number, host: string, answer: Buffer, rest: Buffer): void {
  const target = connect(port, host, () => {
    client.write(answer);
    if (rest.length > 0) target.write(rest);
    client.pipe(target).pipe(client);
  });
  target.on('error', () => client.destroy());
  client.on('error', () => target.destroy());
  client.on('close', () => target.destroy());
}

/** mode 'http': CONNECT proxy; 'socks5': SOCKS5 without authentication; 'silent': accepts, never answers. */
async function startProxy(mode: 'http' | 'socks5' | 'silent'): Promise<LocalProxy> {
  let tunnels = 0;
  let accepted = 0;
  let closedByClient = 0;
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    accepted += 1;
    sockets.add(socket);
    // This server closes sockets only in close(): a close before that came from the gateway.
    socket.on('close', () => {
      closedByClient += 1;
    });
    socket.on('error', () => undefined);
    // Reading (and dropping) what arrives lets the server see the gateway's FIN.
    if (mode === 'silent') return void socket.resume();
    let buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      if (mode === 'http') {
        const end = buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        socket.off('data', onData);
        const [, hostPort = ''] = /^CONNECT (\S+) /.exec(buffer.subarray(0, end).toString()) ?? [];
        const [host = '', port = '0'] = hostPort.split(':');
        tunnels += 1;
        pipeTo(socket, Number(port), host, Buffer.from('HTTP/1.1 200 OK\r\n\r\n'), buffer.subarray(end + 4));
        return;
      }
      // SOCKS5: greeting (05 n methods…) answered 05 00, then CONNECT with an IPv4 or name address.
      if (buffer[0] !== 5) return socket.destroy();
      const methods = buffer[1] ?? 0;
      if (buffer.length < 2 + methods + 5) {
        if (buffer.length === 2 + methods) socket.write(Buffer.from([5, 0]));
        return;
      }
      const request = buffer.subarray(2 + methods);
      const kind = request[3];
      let host: string;
      let offset: number;
      if (kind === 1) {
        if (request.length < 10) return;
        host = [...request.subarray(4, 8)].join('.');
        offset = 8;
      } else if (kind === 3) {
        const length = request[4] ?? 0;
        if (request.length < 7 + length) return;
        host = request.subarray(5, 5 + length).toString();
        offset = 5 + length;
      } else return socket.destroy();
      socket.off('data', onData);
      tunnels += 1;
      const port = request.readUInt16BE(offset);
      pipeTo(socket, port, host, Buffer.from([5, 0, 0, 1, 127, 0, 0, 1, 0, 0]), request.subarray(offset + 2));
    };
    socket.on('data', onData);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return {
    url: `${mode === 'socks5' ? 'socks5' : 'http'}://127.0.0.1:${port}`,
    tunnels: () => tunnels,
    accepted: () => accepted,
    closedByClient: () => closedByClient,
    close: () => {
      for (const socket of sockets) socket.destroy();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

const chat = (base: string, key: string, stream = false) => ({
  url: `${base}/v1/chat/completions`,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
  body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream }),
});

describe('UpstreamClient through proxies', () => {
  let upstream: FakeUpstream;
  const proxies: LocalProxy[] = [];
  const clients: UpstreamClient[] = [];
  const proxy = async (mode: 'http' | 'socks5' | 'silent') => {
    const started = await startProxy(mode);
    proxies.push(started);
    return started;
  };
  const client = (...args: ConstructorParameters<typeof UpstreamClient>) => {
    const made = new UpstreamClient(...args);
    clients.push(made);
    return made;
  };

  beforeAll(async () => {
    upstream = await startFakeUpstream();
  });
  afterAll(async () => {
    for (const made of clients) await made.destroy();
    for (const started of proxies) await started.close();
    await upstream?.close();
  });

  it.each(['http', 'socks5'] as const)('relays through a working %s proxy', async (mode) => {
    const local = await proxy(mode);
    const response = await client('default').send(
      chat(upstream.url, `sk-through-${mode}`),
      { headersMs: 5000, idleMs: 5000 },
      AbortSignal.timeout(10_000),
      local.url,
    );
    expect(response.statusCode).toBe(200);
    expect(((await response.body.json()) as { object: string }).object).toBe('chat.completion');
    expect(local.tunnels()).toBe(1);
    expect(upstream.requests.at(-1)?.apiKey).toBe(`sk-through-${mode}`);
  });

  it.each([
    ['a decimal spelling of loopback', 'socks5://2130706433:1080'],
    ['a hex spelling of loopback', 'socks5://0x7f.1:1080'],
  ])('refuses %s as a SOCKS proxy before connecting (public-only)', async (_name, proxyUrl) => {
    const sent = client('public-only').send(
      chat('http://93.184.216.34', 'sk-x'),
      { headersMs: 1000, idleMs: 1000 },
      AbortSignal.timeout(5000),
      proxyUrl,
    );
    await expect(sent).rejects.toBeInstanceOf(RefusedAddressError);
  });

  it('bounds an unanswered CONNECT by the connect timeout and closes that socket', async () => {
    const silent = await proxy('silent');
    const started = Date.now();
    // No header bound from the caller (RELAY_TIMEOUT=0): only the handshake bound can end this call.
    const sent = client('default', { connectTimeoutMs: 500 }).send(
      chat(upstream.url, 'sk-x'),
      { headersMs: 0, idleMs: 0 },
      AbortSignal.timeout(20_000),
      silent.url,
    );
    await expect(sent).rejects.toThrow(/timeout/i);
    expect(Date.now() - started).toBeLessThan(5_000);
    await expect.poll(() => silent.closedByClient(), { timeout: 3_000 }).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    expect(silent.accepted()).toBe(1);
  });

  it('keeps other calls through a proxy alive when one call times out', async () => {
    const local = await proxy('http');
    const shared = client('default');
    upstream.setBehaviorForKey('sk-slow-stream', { chunkCount: 6, chunkDelayMs: 250 });
    upstream.setBehaviorForKey('sk-never-answers', { hang: true });
    const streaming = await shared.send(
      chat(upstream.url, 'sk-slow-stream', true),
      { headersMs: 5000, idleMs: 5000 },
      AbortSignal.timeout(20_000),
      local.url,
    );
    expect(streaming.statusCode).toBe(200);
    await expect(
      shared.send(
        chat(upstream.url, 'sk-never-answers'),
        { headersMs: 300, idleMs: 300 },
        AbortSignal.timeout(20_000),
        local.url,
      ),
    ).rejects.toThrow(/timeout/i);
    const text = await streaming.body.text();
    expect(text).toContain('[DONE]');
  });
});
