/**
 * OpenAI's video API on the task engine, through the official `openai` SDK against a fake video API
 * (server/src/test-support/fake-vendors/video/openai-videos.ts): create charged per second of video, the task
 * polled to completion and shown in the task log's table, the content streamed through, a failed video
 * refunded once.
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

const QUOTA_PER_UNIT = 500_000;
const PRICE_PER_SECOND = 0.1;
const { fixture } = setUpRelayFixture();
let videos: FakeVendor;

const poll = () => pollVideos(fixture.server.context, TASK_TIMEOUT_MS);

beforeAll(async () => {
  ({ vendor: videos } = await fixture.addVendorChannel(startFakeVideos, {
    type: 1,
    key: FAKE_VIDEO_KEY,
    models: 'sora-2',
  }));
  await fixture.mergeJsonOption('ModelPrice', { 'sora-2': PRICE_PER_SECOND });
});

describe('OpenAI videos', () => {
  it('create a video, charging the price per second, and follow it to its content', async () => {
    const {
      result: created,
      spent,
      log,
    } = await fixture.charged(() =>
      fixture.openai.videos.create({
        model: 'sora-2',
        prompt: 'a calm sea at dawn',
        seconds: '8',
        size: '1280x720',
      }),
    );
    expect(created).toMatchObject({ id: 'video_1', object: 'video', status: 'queued', model: 'sora-2' });
    const expected = Math.round(PRICE_PER_SECOND * 8 * QUOTA_PER_UNIT);
    expect(spent).toBe(expected);
    expect(log).toMatchObject({ model_name: 'sora-2', quota: expected });
    expect(videos.requests.at(-1)!.body).toMatchObject({
      model: 'sora-2',
      prompt: 'a calm sea at dawn',
      seconds: '8',
    });

    await poll();
    expect(await fixture.openai.videos.retrieve('video_1')).toMatchObject({
      status: 'in_progress',
      progress: 50,
    });
    await poll();
    expect(await fixture.openai.videos.retrieve('video_1')).toMatchObject({
      status: 'completed',
      progress: 100,
    });
    const row = await fixture.server.context.database.db
      .selectFrom('tasks')
      .selectAll()
      .where('task_id', '=', 'video_1')
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ platform: 'openai', action: 'VIDEO', status: 'SUCCESS', progress: '100%' });
    const content = await fixture.openai.videos.downloadContent('video_1');
    expect(Buffer.from(await content.arrayBuffer())).toEqual(FAKE_VIDEO_BYTES);
  });

  it('refund a failed video exactly once', async () => {
    const before = await fixture.userQuota();
    const created = await fixture.openai.videos.create({ model: 'sora-2', prompt: 'this will fail' });
    await poll();
    const [first, second] = await Promise.all([poll(), poll()]);
    expect(first.failed + second.failed).toBe(1);
    expect(await fixture.openai.videos.retrieve(created.id)).toMatchObject({
      status: 'failed',
      error: { message: 'the prompt was blocked' },
    });
    expect(await fixture.userQuota()).toBe(before);
  });

  it('refuse a bad duration before anything is charged', async () => {
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.videos.create({ model: 'sora-2', prompt: 'x', seconds: '5' as '4' }),
    );
    expect(failure.status).toBe(400);
    expect(failure.message).toContain('seconds must be 4, 8 or 12');
    expect(spent).toBe(0);
  });
});
