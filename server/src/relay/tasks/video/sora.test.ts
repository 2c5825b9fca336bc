/**
 * A Sora channel (type 55) through OpenAI's video API, with the official `openai` SDK against a fake video
 * API written from OpenAI's published API: create charged per second times new-api's ratio for the large
 * sizes (exact quota in the log row), retrieve, download the content, and remix a finished video at its
 * channel, priced as the source video; a remix of an unfinished video refused with nothing charged.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_TIMEOUT_MS } from '../../../jobs/task-polling.ts';
import type { FakeVendor } from '../../../test-support/fake-vendors/http.ts';
import {
  FAKE_VIDEO_BYTES,
  FAKE_VIDEO_KEY,
  startFakeVideos,
} from '../../../test-support/fake-vendors/video/openai-videos.ts';
import { setUpRelayFixture } from '../../../test-support/test-site.ts';
import { pollVideos } from './poll.ts';

const PRICE_PER_SECOND = 0.3;
const { fixture } = setUpRelayFixture();
let sora: FakeVendor;

const poll = () => pollVideos(fixture.server.context, TASK_TIMEOUT_MS);
// 4 s at 1792x1024: 4 × 1.666667 units of the price per second.
const LARGE_QUOTA = Math.round(PRICE_PER_SECOND * 4 * 1.666667 * 500_000);

beforeAll(async () => {
  ({ vendor: sora } = await fixture.addVendorChannel(startFakeVideos, {
    type: 55,
    key: FAKE_VIDEO_KEY,
    models: 'sora-2-pro',
  }));
  await fixture.mergeJsonOption('ModelPrice', { 'sora-2-pro': PRICE_PER_SECOND });
});

describe('Sora channels', () => {
  it('create a large video, follow it to its content and remix it', async () => {
    const {
      result: created,
      spent,
      log,
    } = await fixture.charged(() =>
      fixture.openai.videos.create({
        model: 'sora-2-pro',
        prompt: 'a lighthouse',
        seconds: '4',
        size: '1792x1024',
      }),
    );
    expect(LARGE_QUOTA).toBe(1_000_000);
    expect(spent).toBe(LARGE_QUOTA);
    expect(log).toMatchObject({ model_name: 'sora-2-pro', quota: LARGE_QUOTA });
    expect(sora.requests.at(-1)!.body).toMatchObject({
      model: 'sora-2-pro',
      size: '1792x1024',
      seconds: '4',
    });

    const early = await fixture.chargedFailure(() =>
      fixture.openai.videos.remix(created.id, { prompt: 'at night' }),
    );
    expect(early.failure.status).toBe(400);
    expect(early.failure.message).toContain('is not completed');
    expect(early.spent).toBe(0);

    await poll();
    await poll();
    expect(await fixture.openai.videos.retrieve(created.id)).toMatchObject({ status: 'completed' });
    const content = await fixture.openai.videos.downloadContent(created.id);
    expect(Buffer.from(await content.arrayBuffer())).toEqual(FAKE_VIDEO_BYTES);

    const { result: remixed, spent: remixSpent } = await fixture.charged(() =>
      fixture.openai.videos.remix(created.id, { prompt: 'the same lighthouse at night' }),
    );
    expect(remixed).toMatchObject({
      object: 'video',
      status: 'queued',
      model: 'sora-2-pro',
      remixed_from_video_id: created.id,
      size: '1792x1024',
    });
    expect(remixSpent).toBe(LARGE_QUOTA);
    expect(sora.requests.at(-1)).toMatchObject({
      path: `/v1/videos/${created.id}/remix`,
      body: { prompt: 'the same lighthouse at night' },
    });
    await poll();
    await poll();
    expect(await fixture.openai.videos.retrieve(remixed.id)).toMatchObject({ status: 'completed' });
  });

  it('refuse a remix without a prompt before anything is charged', async () => {
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.videos.remix('video_1', { prompt: ' ' }),
    );
    expect(failure.status).toBe(400);
    expect(failure.message).toContain('prompt is required');
    expect(spent).toBe(0);
  });
});
