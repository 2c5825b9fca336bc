import { once } from 'node:events';
import { createServer, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { startTunnelProxy } from '../test-support/tunnel-proxy.ts';
import { Cancel } from './cancel.ts';
import { bufferedBody, RefusedAddressError, readBody, UpstreamClient } from './http-client.ts';

/** A TCP server that accepts connections and never answers; counts them. */
const startBlackHole = () => startTunnelProxy('silent');

const request = {
  url: 'http://127.0.0.1:9/v1/chat/completions',
  method: 'POST' as const,
  headers: {},
  body: '{}',
};

/** An upstream on node:http that answers every request with `answer`. */
async function startUpstream(answer: (response: ServerResponse) => void) {
  const server = createServer((request, response) => {
    request.resume();
    request.on('end', () => answer(response));
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    close: () => {
      server.closeAllConnections();
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe('UpstreamClient', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it.each([
    ['a loopback proxy under public-only', 'public-only', 'http://127.0.0.1:8080'],
    ['a proxy at the metadata address', 'default', 'http://169.254.169.254:80'],
    [
      'a proxy named by a host that resolves to loopback under public-only',
      'public-only',
      'http://localhost:8080',
    ],
  ] as const)('refuses %s', async (_name, policy, proxy) => {
    const client = new UpstreamClient(policy);
    cleanups.push(() => client.destroy());
    const sent = client.send(
      { ...request, url: 'http://93.184.216.34/v1/chat/completions' },
      { headersMs: 1000, idleMs: 1000 },
      AbortSignal.timeout(5000),
      proxy,
    );
    await expect(sent).rejects.toThrow(/refused/);
  });

  it('refuses a literal proxy address before connecting to it', async () => {
    const hole = await startBlackHole();
    cleanups.push(() => hole.close());
    const client = new UpstreamClient('public-only');
    cleanups.push(() => client.destroy());
    await expect(
      client.send(request, { headersMs: 1000, idleMs: 1000 }, AbortSignal.timeout(5000), hole.url),
    ).rejects.toBeInstanceOf(RefusedAddressError);
    expect(hole.accepted()).toBe(0);
  });

  it.each([
    ['as the upstream', false],
    ['as the proxy', true],
  ])(
    'gives up on a server that never answers %s, and never reconnects after the caller left',
    async (_name, asProxy) => {
      const hole = await startBlackHole();
      cleanups.push(() => hole.close());
      const client = new UpstreamClient('default');
      cleanups.push(() => client.destroy());
      const target = asProxy ? request : { ...request, url: `${hole.url}/v1/chat/completions` };
      const started = Date.now();
      await expect(
        client.send(
          target,
          { headersMs: 300, idleMs: 300 },
          AbortSignal.timeout(10_000),
          asProxy ? hole.url : undefined,
        ),
      ).rejects.toThrow();
      expect(Date.now() - started).toBeLessThan(5_000);

      const controller = new AbortController();
      const pending = client.send(
        target,
        { headersMs: 0, idleMs: 0 },
        controller.signal,
        asProxy ? hole.url : undefined,
      );
      await new Promise((resolve) => setTimeout(resolve, 200));
      controller.abort();
      await expect(pending).rejects.toThrow();
      // undici may open one spare connection as the aborted one closes; nothing may follow it.
      await new Promise((resolve) => setTimeout(resolve, 300));
      const afterAbort = hole.accepted();
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(hole.accepted()).toBe(afterAbort);
    },
  );

  it.each([
    ['directly', 'none'],
    ['through an HTTP proxy', 'http'],
  ] as const)('leaves no listener on the caller’s Cancel once a reply is read (%s)', async (_name, via) => {
    const upstream = await startUpstream((response) => response.end('{"ok":true}'));
    cleanups.push(() => upstream.close());
    const proxy = via === 'http' ? await startTunnelProxy('http') : undefined;
    if (proxy) cleanups.push(() => proxy.close());
    const client = new UpstreamClient('default');
    cleanups.push(() => client.destroy());
    const cancel = new Cancel();
    for (let attempt = 0; attempt < 3; attempt++) {
      const response = await client.send(
        { ...request, url: `${upstream.url}/v1/chat/completions` },
        { headersMs: 5000, idleMs: 5000 },
        cancel,
        proxy?.url,
      );
      expect((await readBody(response.body)).toString()).toBe('{"ok":true}');
      if (!response.body.closed) await once(response.body, 'close');
    }
    expect(cancel.listenerCount('abort')).toBe(0);
  });

  it('refuses at once a call already aborted, without connecting', async () => {
    const hole = await startBlackHole();
    cleanups.push(() => hole.close());
    const client = new UpstreamClient('default');
    cleanups.push(() => client.destroy());
    const cancel = new Cancel();
    cancel.abort(new Error('the client left'));
    await expect(
      client.send({ ...request, url: `${hole.url}/v1/x` }, { headersMs: 0, idleMs: 0 }, cancel),
    ).rejects.toThrow('the client left');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(hole.accepted()).toBe(0);
  });

  it('cuts the body of a direct reply when the caller aborts after the headers', async () => {
    const upstream = await startUpstream((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.write('{"partial":');
    });
    cleanups.push(() => upstream.close());
    const client = new UpstreamClient('default');
    cleanups.push(() => client.destroy());
    const cancel = new Cancel();
    const response = await client.send(
      { ...request, url: `${upstream.url}/v1/chat/completions` },
      { headersMs: 5000, idleMs: 0 },
      cancel,
    );
    const reading = readBody(response.body);
    cancel.abort(new Error('the client left'));
    await expect(reading).rejects.toThrow('the client left');
  });
});

describe('readBody', () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  async function fetchBody(answer: (response: ServerResponse) => void): Promise<Buffer> {
    const upstream = await startUpstream(answer);
    cleanups.push(() => upstream.close());
    const client = new UpstreamClient('default');
    cleanups.push(() => client.destroy());
    const response = await client.send(
      { ...request, url: `${upstream.url}/v1/chat/completions` },
      { headersMs: 5000, idleMs: 5000 },
      new Cancel(),
    );
    return readBody(response.body);
  }

  it.each([
    ['an empty body', [] as string[]],
    ['one chunk', ['{"id":"x"}']],
    ['many chunks with multi-byte characters cut between them', ['{"a":"你', '好","b":"😀"', '}']],
  ])('gathers %s', async (_name, chunks) => {
    const body = await fetchBody((response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      const writeNext = (index: number) => {
        if (index === chunks.length) return response.end();
        // Each chunk in a turn of its own, so that it arrives as a chunk of its own.
        response.write(chunks[index], () => setTimeout(() => writeNext(index + 1), 5));
      };
      writeNext(0);
    });
    expect(body.toString('utf8')).toBe(chunks.join(''));
  });

  it('rejects a body that breaks off before its announced length', async () => {
    await expect(
      fetchBody((response) => {
        response.writeHead(200, { 'content-type': 'application/json', 'content-length': '100' });
        response.write('{"id":', () => setTimeout(() => response.socket?.destroy(), 20));
      }),
    ).rejects.toThrow();
  });

  it('reads a body already at hand', async () => {
    expect((await readBody(bufferedBody('{"a":1}'))).toString()).toBe('{"a":1}');
  });
});
