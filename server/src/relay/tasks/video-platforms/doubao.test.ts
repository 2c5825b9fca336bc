/**
 * Doubao video (Seedance on Volcengine Ark, type 54) through new-api's generic video route, against a fake
 * Ark API written from Ark's published API: submit charged per call (exact quota in the log row), the
 * request in Ark's content shape (the channel's model mapping applied), polled to its video; Ark's
 * refusal passed on with nothing charged; a failed task refunded once.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_TIMEOUT_MS } from '../../../jobs/task-polling.ts';
import type { FakeVendor } from '../../../test-support/fake-vendors/http.ts';
import { FAKE_ARK_KEY, startFakeArkVideo } from '../../../test-support/fake-vendors/video/ark-video.ts';
import { setUpRelayFixture } from '../../../test-support/test-site.ts';
import { pollVideos } from '../video/poll.ts';

const PRICE = 0.4;
const QUOTA = Math.round(PRICE * 500_000);
const { fixture } = setUpRelayFixture();
let ark: FakeVendor;

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
  ({ vendor: ark } = await fixture.addVendorChannel(startFakeArkVideo, {
    type: 54,
    key: FAKE_ARK_KEY,
    models: 'doubao-seedance-pro,doubao-seedance-1-0-lite-i2v',
    model_mapping: JSON.stringify({ 'doubao-seedance-pro': 'doubao-seedance-1-0-pro-250528' }),
  }));
  await fixture.mergeJsonOption('ModelPrice', {
    'doubao-seedance-pro': PRICE,
    'doubao-seedance-1-0-lite-i2v': PRICE,
  });
});

describe('Doubao video through the generic video route', () => {
  it('submits an image to video in Ark’s shape, charges per call and follows it to its video', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      post({
        model: 'doubao-seedance-pro',
        prompt: 'the cat turns its head',
        images: ['https://example.com/cat.png'],
        duration: 5,
        metadata: { resolution: '1080p', ratio: '16:9', seed: 7, unknown_field: 'dropped' },
      }),
    );
    expect(result.status).toBe(200);
    expect(result.body).toMatchObject({
      id: 'cgt-1',
      object: 'video',
      model: 'doubao-seedance-pro',
      status: 'queued',
    });
    expect(spent).toBe(QUOTA);
    expect(log).toMatchObject({ model_name: 'doubao-seedance-pro', quota: QUOTA });
    expect(ark.requests.at(-1)!.body).toEqual({
      model: 'doubao-seedance-1-0-pro-250528',
      content: [
        { type: 'image_url', image_url: { url: 'https://example.com/cat.png' } },
        { type: 'text', text: 'the cat turns its head' },
      ],
      duration: 5,
      resolution: '1080p',
      ratio: '16:9',
      seed: 7,
    });

    await poll();
    expect(await task('cgt-1')).toMatchObject({
      platform: '54',
      action: 'generate',
      status: 'QUEUED',
      progress: '10%',
    });
    await poll();
    expect(await task('cgt-1')).toMatchObject({ status: 'IN_PROGRESS', progress: '50%' });
    await poll();
    expect(await task('cgt-1')).toMatchObject({
      status: 'SUCCESS',
      progress: '100%',
      result_url: 'https://ark-cdn.example/cgt-1.mp4',
    });
  });

  it('passes Ark’s refusal on and charges nothing', async () => {
    const { failure, spent } = await fixture.chargedFailure(async () => {
      const answer = await post({ model: 'doubao-seedance-1-0-lite-i2v', prompt: 'x', duration: 20 });
      if (answer.status !== 200)
        throw Object.assign(new Error(String(answer.body.message)), { status: answer.status });
      return answer;
    });
    expect(failure.status).toBe(400);
    expect(failure.message).toContain('duration must be an integer from 2 to 12');
    expect(spent).toBe(0);
  });

  it('refunds a failed task exactly once', async () => {
    const before = await fixture.userQuota();
    const created = await post({ model: 'doubao-seedance-pro', prompt: 'this will fail' });
    const id = String(created.body.id);
    await poll();
    await poll();
    const [first, second] = await Promise.all([poll(), poll()]);
    expect(first.failed + second.failed).toBe(1);
    await fixture.flush();
    expect(await fixture.userQuota()).toBe(before);
    expect(await task(id)).toMatchObject({
      status: 'FAILURE',
      fail_reason: 'the output video may contain sensitive content',
    });
  });
});
