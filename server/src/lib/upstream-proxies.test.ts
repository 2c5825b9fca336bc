/**
 * Channel proxies through UpstreamClient against real local proxies: an HTTP CONNECT proxy, a SOCKS5
 * proxy and a proxy that accepts and never answers
 * (docs/decisions/0009-channel-key-custody-and-upstream-connections.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeUpstream, startFakeUpstream } from '../test-support/fake-upstream/fake-upstream.ts';
import { startTunnelProxy, type TunnelProxy } from '../test-support/tunnel-proxy.ts';
import { RefusedAddressError, UpstreamClient } from './http-client.ts';

const chat = (base: string, key: string, stream = false) => ({
  url: `${base}/v1/chat/completions`,
  method: 'POST' as const,
  headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` },
  body: JSON.stringify({ model: 'gpt-4o-mini', messages: [{ role: 'user', content: 'hi' }], stream }),
});

describe('UpstreamClient through proxies', () => {
  let upstream: FakeUpstream;
  const proxies: TunnelProxy[] = [];
  const clients: UpstreamClient[] = [];
  const proxy = async (mode: 'http' | 'socks5' | 'silent') => {
    const started = await startTunnelProxy(mode);
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
    expect(local.tunnels).toHaveLength(1);
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
