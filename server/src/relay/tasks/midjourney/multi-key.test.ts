/**
 * Midjourney on a multi-key channel (new-api's key lines and channel_info) whose first key is disabled by
 * hand: the polling round, an action on the parent task and the image seed send the channel's chosen
 * enabled key (../channels.ts taskChannel), never the disabled first key — the fake Midjourney-Proxy
 * refuses any key but its own. With every key disabled the channel is not asked at all.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { pollTasks } from '../../../jobs/task-polling.ts';
import {
  FAKE_MJ_SECRET,
  type FakeMidjourney,
  startFakeMidjourney,
} from '../../../test-support/fake-vendors/midjourney-proxy.ts';
import { setUpRelayFixture } from '../../../test-support/test-site.ts';
import { KEY_MANUALLY_DISABLED } from '../../cache/multi-key.ts';
import { imagineBody, mjClient } from './test-mj-client.ts';

const DISABLED_KEY = 'mj-key-disabled-by-hand';
const { fixture } = setUpRelayFixture();
const { post, get, fetchTask } = mjClient(fixture);
let mj: FakeMidjourney;
let channelId = 0;

/** Writes the channel's key lines and channel_info as new-api does, with `disabled` keys off by hand. */
async function setKeys(disabled: number[]): Promise<void> {
  const keys = [DISABLED_KEY, FAKE_MJ_SECRET];
  const statuses = Object.fromEntries(disabled.map((index) => [String(index), KEY_MANUALLY_DISABLED]));
  await fixture.server.context.database.db
    .updateTable('channels')
    .set({
      key: keys.join('\n'),
      channel_info: JSON.stringify({
        is_multi_key: true,
        multi_key_size: keys.length,
        multi_key_mode: 'polling',
        multi_key_status_list: statuses,
      }),
    })
    .where('id', '=', channelId)
    .execute();
  await fixture.server.context.channelCache.changed();
}

/** The secrets the fake proxy was sent, from request `from` on. */
const secretsSent = (from: number) =>
  mj.requests.slice(from).map((request) => String(request.headers['mj-api-secret'] ?? ''));

beforeAll(async () => {
  ({ vendor: mj, channelId } = await fixture.addVendorChannel(startFakeMidjourney, {
    type: 2,
    key: FAKE_MJ_SECRET,
    models: 'mj_imagine,mj_upscale',
  }));
  await setKeys([0]);
});

describe('a multi-key Midjourney channel with its first key disabled', () => {
  let taskId = '';

  it('polls the task with the enabled key', async () => {
    const submitted = await post('/mj/submit/imagine', imagineBody('A cat on two keys'));
    expect(submitted.body).toMatchObject({ code: 1 });
    taskId = String(submitted.body.result);
    const from = mj.requests.length;
    await pollTasks(fixture.server.context);
    await pollTasks(fixture.server.context);
    expect(await fetchTask(taskId)).toMatchObject({ status: 'SUCCESS', progress: '100%' });
    expect(secretsSent(from).length).toBeGreaterThan(0);
    expect(new Set(secretsSent(from))).toEqual(new Set([FAKE_MJ_SECRET]));
  });

  it('sends an action on the parent task and reads the image seed with the enabled key', async () => {
    const from = mj.requests.length;
    const action = await post('/mj/submit/change', { action: 'UPSCALE', index: 1, taskId });
    expect(action.body).toMatchObject({ code: 1 });
    const seed = await get(`/mj/task/${taskId}/image-seed`);
    expect(seed.status).toBe(200);
    expect(new Set(secretsSent(from))).toEqual(new Set([FAKE_MJ_SECRET]));
  });

  it('asks nothing of the channel once every key is disabled', async () => {
    const pending = await post('/mj/submit/imagine', imagineBody('A cat left waiting'));
    expect(pending.body).toMatchObject({ code: 1 });
    await setKeys([0, 1]);
    try {
      const from = mj.requests.length;
      await pollTasks(fixture.server.context);
      expect(await fetchTask(String(pending.body.result))).toMatchObject({ status: 'SUBMITTED' });
      const action = await post('/mj/submit/change', { action: 'UPSCALE', index: 2, taskId });
      expect(action.status).toBe(503);
      const seed = await get(`/mj/task/${taskId}/image-seed`);
      expect(seed.status).toBe(503);
      expect(mj.requests.length).toBe(from);
    } finally {
      await setKeys([0]);
    }
  });
});
