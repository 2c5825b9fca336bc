/**
 * The channels the task submit loop (./submit-loop.ts) may try, through real HTTP against fake vendors:
 * a pinned key (`sk-<key>-<channel id>`, administrators only) tries its channel once, whatever RetryTimes
 * says, and an action on a Midjourney task goes to the channel that holds the task, only; either way a
 * failure leaves nothing charged. Retries and refusals: ./submit-loop.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { TASK_TIMEOUT_MS } from '../../jobs/task-polling.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import { pollMidjourney } from './midjourney/poll.ts';
import { imagineBody, mjClient } from './midjourney/test-mj-client.ts';
import { IMAGINE_QUOTA, submissionsTo, taskSite, UPSCALE_QUOTA } from './test-task-site.ts';

const { fixture } = setUpRelayFixture();
const site = taskSite(fixture);
const mj = mjClient(fixture);

async function asAdministrator<T>(call: () => Promise<T>): Promise<T> {
  await fixture.root.post('/api/user/manage', { id: fixture.userId, action: 'promote' });
  try {
    return await call();
  } finally {
    await fixture.root.post('/api/user/manage', { id: fixture.userId, action: 'demote' });
  }
}

describe('a pinned channel', () => {
  it('is tried once, whatever RetryTimes says, and its failure charges nothing', async () => {
    const pinned = await site.sunoChannel({ priority: 0 });
    const other = await site.sunoChannel({ priority: 10 });
    pinned.vendor.failSubmissions(503);
    await fixture.setOption('RetryTimes', '3');
    const before = await site.ledger();
    const answer = await asAdministrator(() =>
      site.suno('/suno/submit/music', { prompt: 'a song' }, `sk-${fixture.token.key}-${pinned.channelId}`),
    );
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'upstream_unavailable' });
    expect([pinned.vendor, other.vendor].map(submissionsTo)).toEqual([1, 0]);
    expect(await site.ledger()).toEqual(before);
  });

  it('that cannot serve the platform is refused before anything is sent, and nothing is charged', async () => {
    const video = await site.videoChannel();
    const suno = await site.sunoChannel();
    const before = await site.ledger();
    const answer = await asAdministrator(() =>
      site.suno('/suno/submit/music', { prompt: 'a song' }, `sk-${fixture.token.key}-${video.channelId}`),
    );
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'channel_unavailable', data: null });
    expect([video.vendor, suno.vendor].map(submissionsTo)).toEqual([0, 0]);
    expect(await site.ledger()).toEqual(before);
  });

  it('serves the task when it accepts it, though another channel ranks higher', async () => {
    const pinned = await site.sunoChannel({ priority: 0 });
    const other = await site.sunoChannel({ priority: 10 });
    const answer = await asAdministrator(() =>
      site.suno('/suno/submit/music', { prompt: 'a song' }, `sk-${fixture.token.key}-${pinned.channelId}`),
    );
    expect(answer.body).toMatchObject({ code: 'success' });
    expect([pinned.vendor, other.vendor].map(submissionsTo)).toEqual([1, 0]);
    expect(await site.taskRows(pinned.channelId)).toHaveLength(1);
  });
});

describe('an action on a Midjourney task', () => {
  it("goes to the task's channel only: when that channel fails nothing else is asked or charged", async () => {
    const home = await site.midjourneyChannel({ priority: 0 });
    const submitted = await mj.post('/mj/submit/imagine', imagineBody('a cat'));
    const taskId = String(submitted.body.result);
    // Actions wait for their task's success (MjActionCheckSuccessEnabled): two polls bring it.
    for (const _ of [1, 2]) await pollMidjourney(fixture.server.context, TASK_TIMEOUT_MS);
    const other = await site.midjourneyChannel({ priority: 10 });
    await fixture.setOption('RetryTimes', '3');

    home.vendor.setReachable(false);
    const before = await site.ledger();
    const failed = await mj.post('/mj/submit/change', { action: 'UPSCALE', index: 1, taskId });
    expect(failed.status).toBe(503);
    expect(failed.body).toMatchObject({ code: 9, result: null });
    expect(submissionsTo(other.vendor)).toBe(0);
    expect(await site.ledger()).toEqual(before);

    // A new task goes to the channel that ranks higher; the action still to its parent's.
    home.vendor.setReachable(true);
    const imagined = await fixture.charged(() => mj.post('/mj/submit/imagine', imagineBody('a dog')));
    expect(imagined.spent).toBe(IMAGINE_QUOTA);
    expect(submissionsTo(other.vendor)).toBe(1);
    const upscaled = await fixture.charged(() =>
      mj.post('/mj/submit/change', { action: 'UPSCALE', index: 1, taskId }),
    );
    expect(upscaled.result.body).toMatchObject({ code: 1 });
    expect(upscaled.spent).toBe(UPSCALE_QUOTA);
    expect(upscaled.log).toMatchObject({ model_name: 'mj_upscale', channel_id: home.channelId });
    expect(submissionsTo(other.vendor)).toBe(1);
    const rows = await site.midjourneyRows(home.channelId);
    expect(rows.map((row) => row.action).sort()).toEqual(['IMAGINE', 'UPSCALE']);
  });
});
