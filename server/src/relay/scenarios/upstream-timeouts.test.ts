/**
 * Upstreams and proxies that accept a connection and never answer, through the real server
 * (docs/decisions/0009-channel-key-custody-and-upstream-connections.md): the call ends within its
 * bounds with a clear error, nothing reconnects after the client left, and a shutdown is not held.
 */
import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RelayFixture } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture, setUpResource } from '../../test-support/test-site.ts';
import { startTunnelProxy, type TunnelProxy } from '../../test-support/tunnel-proxy.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One channel per way of reaching the black hole, each its own (priced) model. */
const DIRECT = 'gpt-4';
const PROXIED = 'gpt-4-turbo';

async function addHoleChannels(fixture: RelayFixture, hole: TunnelProxy): Promise<void> {
  await fixture.addChannel({ models: DIRECT, base_url: hole.url });
  await fixture.addChannel({ models: PROXIED, setting: JSON.stringify({ proxy: hole.url }) });
}

interface Reply {
  status: number;
  body: string;
}

/**
 * A chat call on its own connection, closed after the reply (node:http without an agent: fetch's pool
 * would open a spare idle connection after an abort, holding the server's close for its grace period).
 */
function chat(fixture: RelayFixture, model: string): { reply: Promise<Reply>; disconnect: () => void } {
  let disconnect: () => void = () => undefined;
  const reply = new Promise<Reply>((resolve) => {
    const sent = httpRequest(
      `${fixture.server.url}/v1/chat/completions`,
      {
        method: 'POST',
        agent: false,
        headers: { authorization: `Bearer sk-${fixture.token.key}`, 'content-type': 'application/json' },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
        );
      },
    );
    sent.on('error', () => resolve({ status: 0, body: '' }));
    sent.end(JSON.stringify({ model, messages: [{ role: 'user', content: 'hi' }] }));
    disconnect = () => sent.destroy();
  });
  return { reply, disconnect };
}

describe('an upstream that never answers', () => {
  // A proxy in 'silent' mode accepts connections and never answers: as a base URL or as a proxy.
  const hole = setUpResource(() => startTunnelProxy('silent'));
  const { fixture: bounded } = setUpRelayFixture({
    environment: { RELAY_TIMEOUT: '1', UPSTREAM_ADDRESS_POLICY: 'default' },
  });
  const { fixture: unbounded } = setUpRelayFixture({ environment: { SHUTDOWN_DRAIN_SECONDS: '0' } });

  beforeAll(async () => {
    await addHoleChannels(bounded, hole);
    await addHoleChannels(unbounded, hole);
  });

  it.each([
    ['as the base URL', DIRECT],
    ['as the proxy', PROXIED],
  ])('fails a call to it %s within RELAY_TIMEOUT with a clear error', async (_name, model) => {
    const started = Date.now();
    const { reply } = chat(bounded, model);
    const { status, body } = await reply;
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(status).toBe(502);
    expect((JSON.parse(body) as { error: { message: string } }).error.message).toMatch(/timeout/i);
  });

  it.each([
    ['as the base URL', DIRECT],
    ['as the proxy', PROXIED],
  ])('gets no connection %s after the client left (RELAY_TIMEOUT=0)', async (_name, model) => {
    const before = hole.accepted();
    const { reply, disconnect } = chat(unbounded, model);
    await expect.poll(() => hole.accepted(), { timeout: 3_000 }).toBeGreaterThan(before);
    await sleep(200);
    disconnect();
    await reply;
    // undici may open one spare connection as the aborted one closes (no request is sent on it).
    await sleep(300);
    const afterAbort = hole.accepted();
    await sleep(2_000);
    expect(hole.accepted()).toBe(afterAbort);
  });

  it('does not hold a shutdown while a call waits on a proxy that never answers', async () => {
    const { reply } = chat(unbounded, PROXIED);
    await sleep(300);
    const started = Date.now();
    // SHUTDOWN_DRAIN_SECONDS=0: the call is ended at once; the proxy's unanswered CONNECT must not hold on.
    await unbounded.close();
    expect(Date.now() - started).toBeLessThan(4_000);
    expect((await reply).status).toBe(503);
  });
});
