/**
 * Midjourney callbacks (MjNotifyEnabled, docs/tasks.md) against a fake Midjourney-Proxy that calls back the
 * hook it was given when a task ends (server/src/test-support/fake-vendors/midjourney-proxy.ts): the
 * callback address comes from ServerAddress only — a forged Host cannot move it, and without ServerAddress
 * callbacks are off —, a callback changes a task only as far as the upstream confirms it (a forged FAILURE
 * for a running task refunds nothing), a real failure is refunded once, an unreachable upstream changes
 * nothing, and what reaches the client's hook is the verified task under the gateway's id.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_MJ_SECRET,
  type FakeMidjourney,
  startFakeMidjourney,
} from '../../../test-support/fake-vendors/midjourney-proxy.ts';
import { setUpRelayFixture } from '../../../test-support/test-site.ts';
import { imagineBody, mjClient, startHookReceiver } from './test-mj-client.ts';

const IMAGINE_QUOTA = 0.1 * 500_000;
// allow-all: the client's callback receiver listens on loopback.
const { fixture } = setUpRelayFixture({ environment: { UPSTREAM_ADDRESS_POLICY: 'allow-all' } });
const client = mjClient(fixture);
let mj: FakeMidjourney;
let receiver: Awaited<ReturnType<typeof startHookReceiver>>;

beforeAll(async () => {
  ({ vendor: mj } = await fixture.addVendorChannel(startFakeMidjourney, {
    type: 2,
    key: FAKE_MJ_SECRET,
    models: 'mj_imagine,mj_upscale',
  }));
  receiver = await startHookReceiver();
  await fixture.setOption('MjNotifyEnabled', 'true');
});

afterAll(async () => {
  await receiver?.close();
});

async function publicStatus() {
  const response = await fetch(`${fixture.server.url}/api/status`);
  return ((await response.json()) as { data: { mj_notify_enabled: boolean } }).data;
}

/** Submits an imagine task with the receiver as its hook; the gateway's id and the upstream's task. */
async function submitWithHook(prompt: string, headers: Record<string, string> = {}) {
  const answer = await client.post('/mj/submit/imagine', imagineBody(prompt, receiver.url), headers);
  expect(answer.body).toMatchObject({ code: 1 });
  return { id: String(answer.body.result), upstream: mj.lastTask() };
}

describe('the callback address', () => {
  it('is never built from the Host header: off without ServerAddress, from ServerAddress with it', async () => {
    await fixture.setOption('ServerAddress', '');
    expect((await publicStatus()).mj_notify_enabled).toBe(false);
    const forged = { host: 'attacker.example' };
    await submitWithHook('a cat without address', forged);
    expect(mj.requests.at(-1)!.body).not.toHaveProperty('notifyHook');
    expect(mj.lastTask().hook).toBe('');

    await fixture.setOption('ServerAddress', `${fixture.server.url}/`);
    expect((await publicStatus()).mj_notify_enabled).toBe(true);
    const { id, upstream } = await submitWithHook('a cat with address', forged);
    expect(upstream.hook).toMatch(new RegExp(`^${fixture.server.url}/mj/notify/${id}/[A-Za-z0-9]{32}$`));
    expect(JSON.stringify(mj.requests.at(-1)!.body)).not.toContain('attacker.example');
  });
});

describe('a callback', () => {
  beforeAll(async () => {
    await fixture.setOption('ServerAddress', fixture.server.url);
  });

  it('changes nothing the upstream does not confirm: a forged FAILURE for a running task refunds nothing', async () => {
    const before = await fixture.userQuota();
    const { id, upstream } = await submitWithHook('a long-running cat');
    mj.keepRunning(upstream.id);
    expect(before - (await fixture.userQuota())).toBe(IMAGINE_QUOTA);
    // The attacker knows the callback address (the secret included) and forges the upstream's failure.
    const forged = await fetch(upstream.hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ id: upstream.id, status: 'FAILURE', progress: '100%', failReason: 'forged' }),
    });
    expect(forged.status).toBe(200);
    const running = await client.row(id);
    expect(running).toMatchObject({ status: 'IN_PROGRESS', progress: '50%' });
    expect(running.fail_reason).not.toBe('forged');
    expect(before - (await fixture.userQuota())).toBe(IMAGINE_QUOTA);
    expect(await client.refunds(id)).toHaveLength(0);
    // The client's hook hears the verified task, under the id the client knows.
    await expect.poll(() => receiver.received.filter((task) => task.id === id).length).toBe(1);
    expect(receiver.received.find((task) => task.id === id)).toMatchObject({ status: 'IN_PROGRESS' });
    expect(JSON.stringify(receiver.received)).not.toContain(upstream.id);

    // The upstream really fails it: its own callback refunds once; a replayed callback refunds nothing.
    expect(await mj.fail(upstream.id)).toBe(200);
    expect(await client.row(id)).toMatchObject({
      status: 'FAILURE',
      fail_reason: 'Job failed: banned prompt detected',
    });
    expect(await fixture.userQuota()).toBe(before);
    const replayed = await fetch(upstream.hook, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(mj.callbacks.at(-1)!.task),
    });
    expect(replayed.status).toBe(200);
    expect(await fixture.userQuota()).toBe(before);
    const refunds = await client.refunds(id);
    expect(refunds.map((row) => Number(row.quota))).toEqual([IMAGINE_QUOTA]);
    await expect
      .poll(() => receiver.received.filter((task) => task.id === id).map((task) => task.status))
      .toEqual(['IN_PROGRESS', 'FAILURE', 'FAILURE']);
  });

  it('finishes a task the upstream finished, and keeps the secret from the client', async () => {
    const { id, upstream } = await submitWithHook('a quick cat');
    expect(await mj.finish(upstream.id)).toBe(200);
    expect(await client.row(id)).toMatchObject({ status: 'SUCCESS', progress: '100%' });
    const secret = upstream.hook.split('/').at(-1)!;
    const shown = await client.fetchTask(id);
    expect(shown).toMatchObject({ id, status: 'SUCCESS' });
    expect(JSON.stringify(shown)).not.toContain(secret);
    expect(JSON.stringify(shown)).not.toContain('/mj/notify/');
    await expect.poll(() => receiver.received.some((task) => task.id === id)).toBe(true);
    expect(JSON.stringify(receiver.received)).not.toContain(secret);
  });

  it('changes nothing while the upstream cannot be reached, and says so', async () => {
    const before = await fixture.userQuota();
    const { id, upstream } = await submitWithHook('an unverifiable cat');
    mj.setReachable(false);
    try {
      const forged = await fetch(upstream.hook, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: upstream.id, status: 'FAILURE', failReason: 'forged' }),
      });
      expect(forged.status).toBe(502);
      expect(await forged.json()).toMatchObject({
        code: 9,
        description: expect.stringContaining('not changed'),
      });
    } finally {
      mj.setReachable(true);
    }
    expect(await client.row(id)).toMatchObject({ status: 'SUBMITTED' });
    expect(before - (await fixture.userQuota())).toBe(IMAGINE_QUOTA);
  });

  it('is refused with a wrong secret or another task, and only at /mj/notify/<task>/<secret>', async () => {
    const first = await submitWithHook('the first cat');
    const second = await submitWithHook('the second cat');
    const secret = first.upstream.hook.split('/').at(-1)!;
    const post = (path: string) =>
      fetch(`${fixture.server.url}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ id: first.upstream.id, status: 'FAILURE' }),
      });
    expect((await post(`/mj/notify/${first.id}/${'x'.repeat(32)}`)).status).toBe(403);
    expect((await post(`/mj/notify/${second.id}/${secret}`)).status).toBe(403);
    expect((await post(`/mj/notify/${first.upstream.id}/${secret}`)).status).toBe(403);
    expect((await post(`/mj/notify/${secret}`)).status).toBe(404);
    expect(await client.row(first.id)).toMatchObject({ status: 'SUBMITTED' });
  });
});
