/**
 * Vidu (type 52) through new-api's generic video route, against a fake Vidu API written from Vidu's
 * published API: the route chosen by the number of images (text, one image, first and last frame), the
 * `Token` key, charged per call with the exact quota in the log row, polled to its video (Vidu's task
 * reads do not name the task: the row is matched by the id it was read by); a failed task refunded once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_TIMEOUT_MS } from '../../../jobs/task-polling.ts';
import type { FakeVendor } from '../../../test-support/fake-vendors/http.ts';
import { FAKE_VIDU_KEY, startFakeVidu } from '../../../test-support/fake-vendors/video/vidu.ts';
import { setUpRelayFixture } from '../../../test-support/test-site.ts';
import { pollVideos } from '../video/poll.ts';

const PRICE = 0.3;
const QUOTA = Math.round(PRICE * 500_000);
const { fixture } = setUpRelayFixture();
let viduApi: FakeVendor;

const poll = () => pollVideos(fixture.server.context, TASK_TIMEOUT_MS);

async function post(body: unknown) {
  const response = await fixture.postWithKey('/v1/video/generations', body);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function task(id: string) {
  const response = await fetch(`${fixture.server.url}/v1/video/generations/${id}`, {
    headers: { authorization: `Bearer sk-${fixture.token.key}` },
  });
  return ((await response.json()) as { data: Record<string, unknown> }).data;
}

beforeAll(async () => {
  ({ vendor: viduApi } = await fixture.addVendorChannel(startFakeVidu, {
    type: 52,
    key: FAKE_VIDU_KEY,
    models: 'viduq1,vidu2.0',
  }));
  await fixture.mergeJsonOption('ModelPrice', { viduq1: PRICE, 'vidu2.0': PRICE });
});

describe('Vidu through the generic video route', () => {
  it.each([
    [[], '/ent/v2/text2video', 'textGenerate'],
    [['https://example.com/a.png'], '/ent/v2/img2video', 'generate'],
    [
      ['https://example.com/a.png', 'https://example.com/b.png'],
      '/ent/v2/start-end2video',
      'firstTailGenerate',
    ],
  ])('sends %j to its route, charged per call', async (images, path, action) => {
    const { result, spent, log } = await fixture.charged(() =>
      post({ model: 'viduq1', prompt: 'a paper boat', images, metadata: { seed: 3 } }),
    );
    expect(result.status).toBe(200);
    expect(spent).toBe(QUOTA);
    expect(log).toMatchObject({ model_name: 'viduq1', quota: QUOTA });
    const sent = viduApi.requests.at(-1)!;
    expect(sent.path).toBe(path);
    expect(sent.body).toEqual({
      model: 'viduq1',
      images,
      prompt: 'a paper boat',
      duration: 5,
      resolution: '1080p',
      movement_amplitude: 'auto',
      seed: 3,
    });
    expect(await task(String(result.body.id))).toMatchObject({ platform: '52', action, status: 'SUBMITTED' });
  });

  it('follows a task to its video', async () => {
    const created = await post({ model: 'vidu2.0', prompt: 'waves', duration: 4, size: '720p' });
    const id = String(created.body.id);
    await poll();
    await poll();
    expect(await task(id)).toMatchObject({ status: 'IN_PROGRESS', progress: '30%' });
    await poll();
    expect(await task(id)).toMatchObject({
      status: 'SUCCESS',
      progress: '100%',
      result_url: `https://vidu-cdn.example/${id}.mp4`,
    });
  });

  it('refunds a failed task exactly once', async () => {
    await poll();
    await poll();
    await poll();
    const before = await fixture.userQuota();
    const created = await post({ model: 'viduq1', prompt: 'this will fail' });
    const id = String(created.body.id);
    await poll();
    await poll();
    const [first, second] = await Promise.all([poll(), poll()]);
    expect(first.failed + second.failed).toBe(1);
    await fixture.flush();
    expect(await fixture.userQuota()).toBe(before);
    expect(await task(id)).toMatchObject({ status: 'FAILURE', fail_reason: 'AuditSubmitIllegal' });
  });

  it('passes Vidu’s refusal on and charges nothing', async () => {
    const before = await fixture.userQuota();
    const answer = await post({
      model: 'viduq1',
      prompt: 'x',
      images: ['1', '2', '3', '4', '5', '6', '7', '8'],
    });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'upstream_refused', data: null });
    expect(String(answer.body.message)).toContain('reference2video does not take 8 images');
    await fixture.flush();
    expect(await fixture.userQuota()).toBe(before);
  });
});
