import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

/**
 * The resellers that answer OpenAI's old credit-grants call (API2GPT: total_remaining; AIGC2D:
 * total_available), as new-api reads them (docs/providers/new-api-types.md). A small server stands in for
 * the reseller: it answers the call only with the channel's key.
 */
describe('reseller balances', () => {
  const { fixture } = setUpRelayFixture();
  let reseller: Server;
  let url = '';
  const seen: string[] = [];

  beforeAll(async () => {
    reseller = createServer((request, response) => {
      seen.push(`${request.method} ${request.url}`);
      if (request.headers.authorization !== 'Bearer reseller-key') {
        response.writeHead(401, { 'content-type': 'application/json' });
        response.end('{"error":{"message":"invalid key"}}');
        return;
      }
      if (request.url !== '/dashboard/billing/credit_grants') {
        response.writeHead(404).end();
        return;
      }
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(
        JSON.stringify({
          object: 'credit_summary',
          total_granted: 50,
          total_used: 7.5,
          total_available: 17.25,
          total_remaining: 42.5,
        }),
      );
    });
    await new Promise<void>((resolve) => reseller.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(reseller.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => reseller.close(() => resolve())));

  it.each([
    [12, 'API2GPT', 42.5],
    [13, 'AIGC2D', 17.25],
  ])('type %i (%s) reads its balance from credit_grants', async (type, _name, balance) => {
    const id = await fixture.addChannel({ type, key: 'reseller-key', base_url: url, models: 'gpt-4o-mini' });
    const reply = await fixture.root.get(`/api/channel/update_balance/${id}/`);
    expect(reply.body).toMatchObject({ success: true, balance });
    expect(seen.at(-1)).toBe('GET /dashboard/billing/credit_grants');
  });

  it('a refused key is a failure without the key in the message', async () => {
    const id = await fixture.addChannel({ type: 12, key: 'wrong-key', base_url: url, models: 'gpt-4o-mini' });
    const reply = await fixture.root.get(`/api/channel/update_balance/${id}/`);
    expect(reply.body.success).toBe(false);
    expect(JSON.stringify(reply.body)).not.toContain('wrong-key');
  });
});
