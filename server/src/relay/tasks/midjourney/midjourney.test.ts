/**
 * The Midjourney-Proxy relay against a fake proxy with a state machine
 * (server/src/test-support/fake-vendors/midjourney-proxy.ts): submission with a real client body, exact
 * per-action charging, polling to SUCCESS and the image through the gateway, failure and timeout refunded
 * exactly once (also with pollers racing), queued and refused submissions, the option switches, the
 * parent channel for actions, and Midjourney-Proxy's error shape. Callbacks: ./callbacks.test.ts; task
 * ids: ./task-ids.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pollTasks, TASK_TIMEOUT_MS } from '../../../jobs/task-polling.ts';
import {
  FAKE_MJ_IMAGE,
  FAKE_MJ_SECRET,
  type FakeMidjourney,
  startFakeMidjourney,
} from '../../../test-support/fake-vendors/midjourney-proxy.ts';
import { setUpRelayFixture } from '../../../test-support/test-site.ts';
import { pollMidjourney } from './poll.ts';
import { imagineBody, mjClient } from './test-mj-client.ts';

const QUOTA_PER_UNIT = 500_000;
const IMAGINE_QUOTA = 0.1 * QUOTA_PER_UNIT;
const UPSCALE_QUOTA = 0.05 * QUOTA_PER_UNIT;
const { fixture } = setUpRelayFixture();
let mj: FakeMidjourney;

const { post, fetchTask, row } = mjClient(fixture);

beforeAll(async () => {
  ({ vendor: mj } = await fixture.addVendorChannel(startFakeMidjourney, {
    type: 2,
    key: FAKE_MJ_SECRET,
    models: 'mj_imagine,mj_upscale,mj_variation,mj_reroll,mj_describe,mj_upload',
  }));
});

describe('Midjourney submissions', () => {
  let taskId = '';

  it('submit an imagine task, charge mj_imagine exactly and store the row', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      post('/mj/submit/imagine', imagineBody('A cat --v 6')),
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({ code: 1, description: '提交成功' });
    taskId = String(result.body.result);
    expect(spent).toBe(IMAGINE_QUOTA);
    expect(log).toMatchObject({ model_name: 'mj_imagine', quota: IMAGINE_QUOTA });
    const stored = await row(taskId);
    expect(stored).toMatchObject({ action: 'IMAGINE', status: 'SUBMITTED', code: 1, prompt: 'A cat --v 6' });
    expect(Number(stored.quota)).toBe(IMAGINE_QUOTA);
    // MjNotifyEnabled is off by default: the client's hook never reaches the upstream.
    expect(mj.requests.at(-1)!.body).not.toHaveProperty('notifyHook');
  });

  it('poll the task to SUCCESS and serve its image through the gateway', async () => {
    await pollTasks(fixture.server.context);
    expect(await fetchTask(taskId)).toMatchObject({ status: 'IN_PROGRESS', progress: '50%' });
    await pollTasks(fixture.server.context);
    await fixture.setOption('MjForwardUrlEnabled', 'false');
    const done = await fetchTask(taskId);
    expect(done).toMatchObject({ status: 'SUCCESS', progress: '100%', promptEn: 'A cat --v 6' });
    expect(String(done.imageUrl)).toBe(`${mj.url}/attachments/${mj.lastTask().messageHash}.png`);
    await fixture.setOption('MjForwardUrlEnabled', 'true');
    const forwarded = await fetchTask(taskId);
    expect(forwarded.imageUrl).toMatch(new RegExp(`/mj/image/${taskId}$`));
    const image = await fetch(`${fixture.server.url}/mj/image/${taskId}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(FAKE_MJ_IMAGE);
  });

  it('send an action on the parent task to its channel, priced as its own action', async () => {
    const { result, spent } = await fixture.charged(() =>
      post('/mj/submit/change', { action: 'UPSCALE', index: 1, taskId }),
    );
    expect(result.body).toMatchObject({ code: 1 });
    expect(spent).toBe(UPSCALE_QUOTA);
    expect((await row(String(result.body.result))).action).toBe('UPSCALE');
    const listed = await post('/mj/task/list-by-condition', { ids: [taskId, String(result.body.result)] });
    expect((listed.body as unknown as unknown[]).length).toBe(2);
  });

  it('refuse an action on an unfinished task when MjActionCheckSuccessEnabled is on, charging nothing', async () => {
    const pending = await post('/mj/submit/imagine', imagineBody('a dog'));
    await fixture.setOption('MjActionCheckSuccessEnabled', 'true');
    const before = await fixture.userQuota();
    const refused = await post('/mj/submit/change', {
      action: 'UPSCALE',
      index: 1,
      taskId: pending.body.result,
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({ code: 4 });
    expect(String(refused.body.description)).toContain('has not succeeded');
    expect(await fixture.userQuota()).toBe(before);
    await fixture.setOption('MjActionCheckSuccessEnabled', 'false');
  });

  it('charge a queued task (code 22) and nothing for a refused one (code 24)', async () => {
    const queued = await fixture.charged(() => post('/mj/submit/imagine', imagineBody('queue me')));
    expect(queued.result.body.code).toBe(22);
    expect(queued.spent).toBe(IMAGINE_QUOTA);
    expect((await row(String(queued.result.body.result))).code).toBe(22);
    const before = await fixture.userQuota();
    const refused = await post('/mj/submit/imagine', imagineBody('banned words'));
    expect(refused.body).toMatchObject({ code: 24, description: '可能包含敏感词' });
    expect(await fixture.userQuota()).toBe(before);
  });

  it('keep the mode prefix towards the upstream and clear modes from prompts when asked', async () => {
    await fixture.setOption('MjModeClearEnabled', 'true');
    const fast = await post('/mj-fast/mj/submit/imagine', imagineBody('a bird --fast --v 6'));
    expect(fast.body.code).toBe(1);
    expect(mj.requests.at(-1)!.path).toBe('/mj-fast/mj/submit/imagine');
    expect(mj.requests.at(-1)!.body.prompt).toBe('a bird --v 6');
    await fixture.setOption('MjModeClearEnabled', 'false');
  });

  it("pass the client's accountFilter only when MjAccountFilterEnabled allows it", async () => {
    const accountFilter = { instanceId: 'account-2' };
    await post('/mj/submit/imagine', { ...imagineBody('a fox'), accountFilter });
    expect(mj.requests.at(-1)!.body).not.toHaveProperty('accountFilter');
    await fixture.setOption('MjAccountFilterEnabled', 'true');
    await post('/mj/submit/imagine', { ...imagineBody('a fox'), accountFilter });
    expect(mj.requests.at(-1)!.body.accountFilter).toEqual(accountFilter);
    await fixture.setOption('MjAccountFilterEnabled', 'false');
  });

  it("answer a bad key and a bad body in Midjourney-Proxy's error shape", async () => {
    const badKey = await post('/mj/submit/imagine', imagineBody('x'), { 'mj-api-secret': 'sk-nope' });
    expect(badKey.status).toBe(401);
    expect(badKey.body).toMatchObject({ code: 4 });
    const noPrompt = await post('/mj/submit/imagine', { prompt: '  ' });
    expect(noPrompt.status).toBe(400);
    expect(noPrompt.body).toMatchObject({
      code: 4,
      description: expect.stringContaining('prompt is required'),
    });
  });
});

describe('failed Midjourney tasks', () => {
  it('are refunded exactly once, even with pollers racing', async () => {
    const before = await fixture.userQuota();
    const submitted = await post('/mj/submit/imagine', imagineBody('this will fail'));
    const id = String(submitted.body.result);
    await fixture.flush();
    expect(before - (await fixture.userQuota())).toBe(IMAGINE_QUOTA);
    await pollMidjourney(fixture.server.context, TASK_TIMEOUT_MS);
    const [first, second] = await Promise.all([
      pollMidjourney(fixture.server.context, TASK_TIMEOUT_MS),
      pollMidjourney(fixture.server.context, TASK_TIMEOUT_MS),
    ]);
    expect(first.failed + second.failed).toBe(1);
    expect(await row(id)).toMatchObject({
      status: 'FAILURE',
      fail_reason: 'Job failed: banned prompt detected',
    });
    expect(await fixture.userQuota()).toBe(before);
    await pollMidjourney(fixture.server.context, TASK_TIMEOUT_MS);
    expect(await fixture.userQuota()).toBe(before);
    const refund = await fixture.server.context.logDatabase.db
      .selectFrom('logs')
      .selectAll()
      .where('type', '=', 4)
      .where('content', 'like', `%${id}%`)
      .execute();
    expect(refund).toHaveLength(1);
    expect(Number(refund[0]!.quota)).toBe(IMAGINE_QUOTA);
    expect(JSON.parse(refund[0]!.other ?? '')).toMatchObject({
      task_refund: true,
      content_key: 'log.task_failed',
      content_params: { platform: 'Midjourney', task_id: id, quota: IMAGINE_QUOTA },
    });
  });

  it('are failed and refunded when they outlive the timeout', async () => {
    const before = await fixture.userQuota();
    const submitted = await post('/mj/submit/imagine', imagineBody('a slow one'));
    const result = await pollMidjourney(
      fixture.server.context,
      TASK_TIMEOUT_MS,
      Date.now() + TASK_TIMEOUT_MS + 1,
    );
    expect(result.failed).toBeGreaterThanOrEqual(1);
    expect(await row(String(submitted.body.result))).toMatchObject({
      status: 'FAILURE',
      fail_reason: 'timed out',
    });
    await fixture.flush();
    expect(await fixture.userQuota()).toBe(before);
    const refund = await fixture.server.context.logDatabase.db
      .selectFrom('logs')
      .select(['content', 'other'])
      .where('type', '=', 4)
      .where('content', 'like', `%${submitted.body.result}%`)
      .executeTakeFirstOrThrow();
    expect(JSON.parse(refund.other ?? '')).toMatchObject({
      content_key: 'log.task_timed_out',
      content_params: { platform: 'Midjourney', task_id: String(submitted.body.result) },
    });
    expect(refund.content).toMatch(/^Midjourney 任务 \S+ 超时，已退还 \$/);
  });
});
