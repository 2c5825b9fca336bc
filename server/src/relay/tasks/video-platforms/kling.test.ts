/**
 * Kling (type 50) on the task engine, through new-api's generic video route and Kling's own routes,
 * against a fake Kling API written from Kling's published API (it checks the JWT the gateway signs):
 * submit charged the model price per call (exact quota in the log row), polled to its video, read back in
 * new-api's task shape; an upstream refusal and bad input charged nothing; a failed task refunded once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_TIMEOUT_MS } from '../../../jobs/task-polling.ts';
import type { FakeVendor } from '../../../test-support/fake-vendors/http.ts';
import {
  FAKE_KLING_KEY,
  FAKE_KLING_VIDEO_BYTES,
  startFakeKling,
} from '../../../test-support/fake-vendors/video/kling.ts';
import { setUpRelayFixture } from '../../../test-support/test-site.ts';
import { pollVideos } from '../video/poll.ts';
import { klingKeyProblem } from './key-shapes.ts';

const QUOTA_PER_UNIT = 500_000;
const PRICE = 0.25;
const { fixture } = setUpRelayFixture();
let klingApi: FakeVendor;

const poll = () => pollVideos(fixture.server.context, TASK_TIMEOUT_MS);

async function getWithKey(path: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const response = await fetch(`${fixture.server.url}${path}`, {
    headers: { authorization: `Bearer sk-${fixture.token.key}` },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function post(path: string, body: unknown) {
  const response = await fixture.postWithKey(path, body);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  ({ vendor: klingApi } = await fixture.addVendorChannel(startFakeKling, {
    type: 50,
    key: FAKE_KLING_KEY,
    models: 'kling-v1,kling-v1-6,kling-v9',
  }));
  await fixture.mergeJsonOption('ModelPrice', { 'kling-v1': PRICE, 'kling-v1-6': PRICE, 'kling-v9': PRICE });
});

describe('Kling through the generic video route', () => {
  it('submits text to video, charges the price per call and follows the task to its video', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      post('/v1/video/generations', {
        model: 'kling-v1',
        prompt: 'a red kite over hills',
        duration: 10,
        size: '1280x720',
        metadata: { negative_prompt: 'rain' },
      }),
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      id: 'kling-task-1',
      task_id: 'kling-task-1',
      object: 'video',
      model: 'kling-v1',
      status: 'queued',
    });
    const expected = Math.round(PRICE * QUOTA_PER_UNIT);
    expect(spent).toBe(expected);
    expect(log).toMatchObject({ model_name: 'kling-v1', quota: expected });
    const sent = klingApi.requests.at(-1)!;
    expect(sent.path).toBe('/v1/videos/text2video');
    expect(sent.body).toMatchObject({
      model_name: 'kling-v1',
      prompt: 'a red kite over hills',
      duration: '10',
      aspect_ratio: '16:9',
      mode: 'std',
      negative_prompt: 'rain',
    });

    await poll();
    expect((await getWithKey('/v1/video/generations/kling-task-1')).body).toMatchObject({
      code: 'success',
      data: {
        task_id: 'kling-task-1',
        platform: '50',
        action: 'textGenerate',
        status: 'IN_PROGRESS',
        progress: '30%',
      },
    });
    await poll();
    const done = await getWithKey('/v1/video/generations/kling-task-1');
    expect(done.body.data).toMatchObject({
      status: 'SUCCESS',
      progress: '100%',
      quota: expected,
      result_url: `${klingApi.url}/files/kling-task-1.mp4`,
    });
    expect(done.body.data).not.toHaveProperty('channel_id');

    // The console's task log shows the task with its platform, status, progress and video.
    const logPage = await fixture.user.get<{ items: Record<string, unknown>[] }>('/api/task/self', {
      task_id: 'kling-task-1',
    });
    expect(logPage.body.data?.items).toEqual([
      expect.objectContaining({
        task_id: 'kling-task-1',
        platform: '50',
        action: 'textGenerate',
        status: 'SUCCESS',
        progress: '100%',
        result_url: `${klingApi.url}/files/kling-task-1.mp4`,
      }),
    ]);
  });

  it('refunds a failed task exactly once', async () => {
    const before = await fixture.userQuota();
    const created = await post('/v1/video/generations', { model: 'kling-v1', prompt: 'this will fail' });
    expect(created.status).toBe(200);
    await fixture.flush();
    expect(before - (await fixture.userQuota())).toBe(Math.round(PRICE * QUOTA_PER_UNIT));
    await poll();
    const [first, second] = await Promise.all([poll(), poll()]);
    expect(first.failed + second.failed).toBe(1);
    await fixture.flush();
    expect(await fixture.userQuota()).toBe(before);
    const task = await getWithKey(`/v1/video/generations/${String(created.body.id)}`);
    expect(task.body.data).toMatchObject({
      status: 'FAILURE',
      fail_reason: 'the content did not pass review',
    });
  });

  it('charges nothing when Kling refuses the task or the request is bad', async () => {
    for (const [body, status, message] of [
      [{ model: 'kling-v9', prompt: 'x' }, 400, 'model_name kling-v9 is invalid'],
      [{ model: 'kling-v1' }, 400, 'prompt is required'],
      [{ model: 'kling-v1', prompt: 'x', duration: 'long' }, 400, 'duration must be a whole number'],
      [{ model: 'kling-v1', prompt: 'x', metadata: '[1]' }, 400, 'metadata must be a JSON object'],
      [{ model: 'gpt-4o', prompt: 'x' }, 400, 'gpt-4o is not a video model of Kling'],
    ] as const) {
      const before = await fixture.userQuota();
      const answer = await post('/v1/video/generations', body);
      expect(answer.status).toBe(status);
      expect(answer.body).toMatchObject({ data: null });
      expect(String(answer.body.message)).toContain(message);
      await fixture.flush();
      expect(await fixture.userQuota()).toBe(before);
    }
  });

  it('answers 404 for a task that is not the caller’s', async () => {
    const answer = await getWithKey('/v1/video/generations/no-such-task');
    expect(answer.status).toBe(404);
    expect(answer.body).toMatchObject({ code: 'task_not_exist', data: null });
  });
});

describe('Kling’s own routes', () => {
  it('takes image to video in Kling’s shape and reads it back under its kind', async () => {
    const { result, spent } = await fixture.charged(() =>
      post('/kling/v1/videos/image2video', {
        model_name: 'kling-v1-6',
        image: 'https://example.com/first.png',
        image_tail: 'https://example.com/last.png',
        mode: 'pro',
        duration: '5',
      }),
    );
    expect(result.status).toBe(200);
    expect(spent).toBe(Math.round(PRICE * QUOTA_PER_UNIT));
    const sent = klingApi.requests.at(-1)!;
    expect(sent.path).toBe('/v1/videos/image2video');
    expect(sent.body).toMatchObject({
      model_name: 'kling-v1-6',
      image: 'https://example.com/first.png',
      image_tail: 'https://example.com/last.png',
      mode: 'pro',
      duration: '5',
    });
    const id = String(result.body.id);
    await poll();
    await poll();
    const read = await getWithKey(`/kling/v1/videos/image2video/${id}`);
    expect(read.body).toMatchObject({
      code: 'success',
      data: {
        task_id: id,
        action: 'generate',
        status: 'SUCCESS',
        result_url: `${klingApi.url}/files/${id}.mp4`,
      },
    });
  });
});

describe('Kling through OpenAI’s video API, as new-api serves it', () => {
  it('creates with the openai SDK, retrieves the video object and downloads the content', async () => {
    const {
      result: created,
      spent,
      log,
    } = await fixture.charged(() =>
      fixture.openai.videos.create({
        model: 'kling-v1' as 'sora-2',
        prompt: 'a lantern festival',
        size: '720x1280',
      }),
    );
    expect(created).toMatchObject({ object: 'video', model: 'kling-v1', status: 'queued' });
    expect(spent).toBe(Math.round(PRICE * QUOTA_PER_UNIT));
    expect(log).toMatchObject({ model_name: 'kling-v1', quota: spent });
    expect(klingApi.requests.at(-1)).toMatchObject({
      path: '/v1/videos/text2video',
      body: { model_name: 'kling-v1', prompt: 'a lantern festival', aspect_ratio: '9:16', duration: '5' },
    });
    await poll();
    expect(await fixture.openai.videos.retrieve(created.id)).toMatchObject({
      status: 'in_progress',
      progress: 30,
    });
    await poll();
    expect(await fixture.openai.videos.retrieve(created.id)).toMatchObject({
      id: created.id,
      status: 'completed',
      progress: 100,
      model: 'kling-v1',
    });
    const content = await fixture.openai.videos.downloadContent(created.id);
    expect(Buffer.from(await content.arrayBuffer())).toEqual(FAKE_KLING_VIDEO_BYTES);
    const remix = await fixture.chargedFailure(() =>
      fixture.openai.videos.remix(created.id, { prompt: 'again' }),
    );
    expect(remix.failure.status).toBe(400);
    expect(remix.spent).toBe(0);
  });
});

describe('Kling keys', () => {
  it.each([
    ['ak|sk', null],
    ['sk-gateway-key', null],
    ['only-one-part', 'a Kling key is AccessKey|SecretKey'],
    ['ak|', 'a Kling key is AccessKey|SecretKey'],
    ['a|b|c', 'a Kling key is AccessKey|SecretKey'],
  ])('%s', (key, problem) => {
    expect(klingKeyProblem(key)).toBe(problem);
  });
});
