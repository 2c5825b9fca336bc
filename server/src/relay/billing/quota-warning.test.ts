import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signWebhookBody } from '../../lib/notify-user.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

describe('quota warnings by signed webhook, once per crossing', () => {
  // allow-all lets the test's webhook receiver live on loopback; users' webhooks are public-only otherwise.
  const { fixture } = setUpRelayFixture({
    environment: { UPSTREAM_ADDRESS_POLICY: 'allow-all' },
    userQuota: 600_000,
  });
  const received: { body: string; signature: string }[] = [];
  const receiver = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk) => {
      body += chunk;
    });
    request.on('end', () => {
      received.push({ body, signature: String(request.headers['x-webhook-signature'] ?? '') });
      response.end('ok');
    });
  });

  beforeAll(async () => {
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    await fixture.addChannel({ key: 'warn-key' });
    const url = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    // Stored directly: the API only accepts https URLs, which a loopback test receiver cannot offer.
    await fixture.server.context.database.db
      .updateTable('users')
      .set({
        setting: JSON.stringify({
          notify_type: 'webhook',
          webhook_url: url,
          webhook_secret: 'hook-secret',
          quota_warning_threshold: 500_000,
        }),
      })
      .where('id', '=', fixture.userId)
      .execute();
    await fixture.server.context.accounts.refreshUser(fixture.userId);
  });
  afterAll(() => {
    receiver.close();
  });

  const call = () =>
    fixture.openai.chat.completions.create({
      model: 'gpt-4o',
      max_tokens: 5,
      messages: [{ role: 'user', content: 'x' }],
    });

  it('warns when the balance falls below the threshold, not again until it rises above it', async () => {
    fixture.upstream.setBehaviorForKey('warn-key', { promptTokens: 100_000, replyText: 'ok' });
    await call();
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(1);
    const [first] = received;
    expect(first!.signature).toBe(signWebhookBody(first!.body, 'hook-secret'));
    expect(JSON.parse(first!.body)).toMatchObject({ type: 'quota_exceed', values: { threshold: 500_000 } });
    await call();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(received).toHaveLength(1);
    const raised = await fixture.root.put('/api/user/', { id: fixture.userId, quota: 600_000 });
    expect(raised.body.message).toBe('');
    expect(fixture.server.context.accounts.user(fixture.userId)?.quota).toBe(600_000);
    await call();
    expect(fixture.server.context.accounts.user(fixture.userId)?.quota).toBeLessThan(500_000);
    await expect.poll(() => received.length, { timeout: 5000 }).toBe(2);
  });
});
