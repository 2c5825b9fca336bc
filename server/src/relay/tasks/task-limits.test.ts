/**
 * Task submissions count against their caller's traffic limits (docs/limits.md "What limits a call"): each
 * is one request and one call in flight, and its price counts on budgets — kept when the upstream accepts
 * the task, given back when it does not.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { FAKE_MJ_SECRET, startFakeMidjourney } from '../../test-support/fake-vendors/midjourney-proxy.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import { imagineBody } from './midjourney/test-mj-client.ts';

describe('traffic limits on task submissions', () => {
  const { fixture } = setUpRelayFixture();

  beforeAll(async () => {
    await fixture.addVendorChannel(startFakeMidjourney, {
      type: 2,
      key: FAKE_MJ_SECRET,
      models: 'mj_imagine',
    });
    // 0.1 USD per imagine = 50,000 quota.
    await fixture.mergeJsonOption('ModelPrice', { mj_imagine: 0.1 });
  });

  const submit = (key: string) =>
    fetch(`${fixture.server.url}/mj/submit/imagine`, {
      method: 'POST',
      headers: { 'mj-api-secret': `sk-${key}`, 'content-type': 'application/json' },
      body: JSON.stringify(imagineBody('a cat under limits')),
    });

  it('a key with 2 requests per minute submits 2 tasks, the third is refused 429', async () => {
    const token = await fixture.addToken({ name: 'tasks-rpm', limits: { rpm: 2 } });
    expect((await submit(token.key)).status).toBe(200);
    expect((await submit(token.key)).status).toBe(200);
    const third = await submit(token.key);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    expect(JSON.stringify(await third.json())).toContain('requests-per-minute');
  });

  it('a task’s price counts on the key’s budget', async () => {
    const token = await fixture.addToken({ name: 'tasks-budget', limits: { budget: 50_000 } });
    expect((await submit(token.key)).status).toBe(200);
    const second = await submit(token.key);
    expect(second.status).toBe(429);
    expect(JSON.stringify(await second.json())).toContain('budget');
  });
});
