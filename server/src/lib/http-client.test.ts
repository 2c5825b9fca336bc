import { afterEach, describe, expect, it } from 'vitest';
import { startTunnelProxy } from '../test-support/tunnel-proxy.ts';
import { RefusedAddressError, UpstreamClient } from './http-client.ts';

/** A TCP server that accepts connections and never answers; counts them. */
const startBlackHole = () => startTunnelProxy('silent');

const request = {
  url: 'http://127.0.0.1:9/v1/chat/completions',
  method: 'POST' as const,
  headers: {},
  body: '{}',
};

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
});
