/**
 * Jimeng (type 51) through new-api's generic video route and Jimeng's own `POST /jimeng/?Action=…`, against
 * a fake Volcengine visual API written from Volcengine's published API (it recomputes the HMAC-SHA256
 * signature the gateway sends): charged per call with the exact quota in the log row, the request in
 * Jimeng's shape, polled (signed reads with the task's req_key) to its video; Jimeng's refusal and a bad
 * Action charged nothing; a task failing the risk check refunded once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_TIMEOUT_MS } from '../../../jobs/task-polling.ts';
import type { FakeVendor } from '../../../test-support/fake-vendors/http.ts';
import { FAKE_JIMENG_KEY, startFakeJimeng } from '../../../test-support/fake-vendors/video/jimeng.ts';
import { setUpRelayFixture } from '../../../test-support/test-site.ts';
import { pollVideos } from '../video/poll.ts';
import { jimengReqKey } from './jimeng.ts';

const PRICE = 0.2;
const QUOTA = Math.round(PRICE * 500_000);
const SUBMIT = '/jimeng/?Action=CVSync2AsyncSubmitTask&Version=2022-08-31';
const RESULT = '/jimeng/?Action=CVSync2AsyncGetResult&Version=2022-08-31';
const { fixture } = setUpRelayFixture();
let jimengApi: FakeVendor;

const poll = () => pollVideos(fixture.server.context, TASK_TIMEOUT_MS);

async function post(path: string, body: unknown) {
  const response = await fixture.postWithKey(path, body);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  ({ vendor: jimengApi } = await fixture.addVendorChannel(startFakeJimeng, {
    type: 51,
    key: FAKE_JIMENG_KEY,
    models: 'jimeng_vgfm_t2v_l20,jimeng_vgfm_i2v_l20,jimeng_v30',
  }));
  await fixture.mergeJsonOption('ModelPrice', {
    jimeng_vgfm_t2v_l20: PRICE,
    jimeng_vgfm_i2v_l20: PRICE,
    jimeng_v30: PRICE,
  });
});

describe('Jimeng', () => {
  it('submits through the generic route, signed, and follows the task to its video', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      post('/v1/video/generations', {
        model: 'jimeng_vgfm_t2v_l20',
        prompt: 'a koi pond',
        duration: 10,
        metadata: { aspect_ratio: '16:9', seed: 11 },
      }),
    );
    expect(result.status).toBe(200);
    expect(spent).toBe(QUOTA);
    expect(log).toMatchObject({ model_name: 'jimeng_vgfm_t2v_l20', quota: QUOTA });
    expect(jimengApi.requests.at(-1)!.body).toEqual({
      req_key: 'jimeng_vgfm_t2v_l20',
      prompt: 'a koi pond',
      frames: 241,
      aspect_ratio: '16:9',
      seed: 11,
    });
    const id = String(result.body.id);
    await poll();
    await poll();
    await poll();
    const read = await post(RESULT, { task_id: id, req_key: 'jimeng_vgfm_t2v_l20' });
    expect(read.body).toMatchObject({
      code: 'success',
      data: {
        task_id: id,
        platform: '51',
        status: 'SUCCESS',
        result_url: `https://jimeng-cdn.example/${id}.mp4`,
      },
    });
    expect(jimengApi.requests.at(-1)!.body).toEqual({ req_key: 'jimeng_vgfm_t2v_l20', task_id: id });
  });

  it('takes Jimeng’s own request shape, with the 3.0 model resolved by its images', async () => {
    const { result, spent } = await fixture.charged(() =>
      post(SUBMIT, {
        req_key: 'jimeng_v30',
        prompt: 'the kite rises',
        image_urls: ['https://example.com/k.png'],
      }),
    );
    expect(result.status).toBe(200);
    expect(spent).toBe(QUOTA);
    expect(jimengApi.requests.at(-1)!.body).toMatchObject({
      req_key: 'jimeng_i2v_first_v30',
      image_urls: ['https://example.com/k.png'],
      frames: 121,
    });
    await poll();
    const read = await post(RESULT, { task_id: String(result.body.id) });
    expect(read.body).toMatchObject({ data: { action: 'generate', status: 'QUEUED', progress: '10%' } });
  });

  it('refunds a task failing the risk check exactly once', async () => {
    const before = await fixture.userQuota();
    const created = await post('/v1/video/generations', {
      model: 'jimeng_vgfm_t2v_l20',
      prompt: 'this will fail',
    });
    await poll();
    await poll();
    const [first, second] = await Promise.all([poll(), poll()]);
    expect(first.failed + second.failed).toBe(1);
    await fixture.flush();
    expect(await fixture.userQuota()).toBe(before);
    const read = await post(RESULT, { task_id: String(created.body.id) });
    expect(read.body).toMatchObject({ data: { status: 'FAILURE', fail_reason: 'Post Text Risk Not Pass' } });
  });

  it('charges nothing for Jimeng’s refusal or an Action it does not have', async () => {
    const before = await fixture.userQuota();
    const refused = await post(SUBMIT, { req_key: 'jimeng_vgfm_t2v_l20', prompt: 'x', frames: 100 });
    expect(refused.status).toBe(400);
    expect(String(refused.body.message)).toContain('frames must be 121 or 241');
    const unknown = await post('/jimeng/?Action=DeleteTask&Version=2022-08-31', { task_id: '1' });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toMatchObject({ code: 'invalid_request', data: null });
    await fixture.flush();
    expect(await fixture.userQuota()).toBe(before);
  });

  it.each([
    ['jimeng_vgfm_t2v_l20', 0, 'jimeng_vgfm_t2v_l20'],
    ['jimeng_v30', 0, 'jimeng_t2v_v30'],
    ['jimeng_v30', 1, 'jimeng_i2v_first_v30'],
    ['jimeng_v30_1080p', 2, 'jimeng_i2v_first_tail_v30_1080'],
    ['jimeng_v30_pro', 1, 'jimeng_ti2v_v30_pro'],
  ])('resolves %s with %i images to %s', (model, images, key) => {
    expect(jimengReqKey(model, images)).toBe(key);
  });
});
