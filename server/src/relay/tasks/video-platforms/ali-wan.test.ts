/**
 * Wan on DashScope (type 17): its request and status mapping as tables, and — once the channel-type
 * registry lists `wan` among what Ali channels serve (common/channel-types.ts) — from submit to video
 * through the generic route against a fake DashScope video API written from Alibaba's published API, with
 * exact quota in the log row and a refund on failure.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_TIMEOUT_MS } from '../../../jobs/task-polling.ts';
import type { FakeVendor } from '../../../test-support/fake-vendors/http.ts';
import {
  FAKE_DASHSCOPE_VIDEO_KEY,
  startFakeDashScopeVideo,
} from '../../../test-support/fake-vendors/video/dashscope-video.ts';
import { setUpRelayFixture } from '../../../test-support/test-site.ts';
import { pollVideos } from '../video/poll.ts';
import { aliWan, wanBody } from './ali-wan.ts';
import type { VideoRequest } from './platform.ts';

const request = (fields: Partial<VideoRequest>): VideoRequest => ({
  model: 'wan2.2-t2v-plus',
  prompt: 'p',
  mode: '',
  images: [],
  size: '',
  duration: 0,
  metadata: {},
  action: 'textGenerate',
  ...fields,
});

describe('Wan requests and states', () => {
  it.each([
    [{}, { prompt: 'p' }, { resolution: '720P', duration: 5, prompt_extend: true }],
    [
      { model: 'wan2.5-t2v-preview', duration: 10 },
      { prompt: 'p' },
      { resolution: '1080P', duration: 10, prompt_extend: true },
    ],
    [
      { size: '480p', images: ['https://e/x.png'] },
      { prompt: 'p', img_url: 'https://e/x.png' },
      { resolution: '480P', duration: 5, prompt_extend: true },
    ],
    [
      { metadata: { negative_prompt: 'rain', seed: 3, watermark: true } },
      { prompt: 'p', negative_prompt: 'rain' },
      { resolution: '720P', duration: 5, prompt_extend: true, seed: 3, watermark: true },
    ],
  ] as const)('%j → input %j, parameters %j', (fields, input, parameters) => {
    const video = request(fields as Partial<VideoRequest>);
    expect(wanBody(video)).toEqual({ model: video.model, input, parameters });
  });

  it.each([
    ['PENDING', { status: 'QUEUED' }],
    ['RUNNING', { status: 'IN_PROGRESS' }],
    ['SUCCEEDED', { status: 'SUCCESS' }],
    ['CANCELED', { status: 'FAILURE', reason: 'task failed' }],
  ])('maps %s to %j', (status, state) => {
    expect(aliWan.state({ output: { task_status: status } })).toEqual(state);
  });
});

const PRICE = 0.6;
const { fixture } = setUpRelayFixture();

describe('Wan through the generic video route', () => {
  let dashscope: FakeVendor;
  const poll = () => pollVideos(fixture.server.context, TASK_TIMEOUT_MS);

  beforeAll(async () => {
    ({ vendor: dashscope } = await fixture.addVendorChannel(startFakeDashScopeVideo, {
      type: 17,
      key: FAKE_DASHSCOPE_VIDEO_KEY,
      models: 'wan2.2-i2v-plus',
    }));
    await fixture.mergeJsonOption('ModelPrice', { 'wan2.2-i2v-plus': PRICE });
  });

  it('submits, follows the task to its video and refunds a failure', async () => {
    const { result, spent, log } = await fixture.charged(async () => {
      const response = await fixture.postWithKey('/v1/video/generations', {
        model: 'wan2.2-i2v-plus',
        prompt: 'the flag waves',
        image: 'https://example.com/flag.png',
      });
      return (await response.json()) as { id: string };
    });
    const quota = Math.round(PRICE * 500_000);
    expect(spent).toBe(quota);
    expect(log).toMatchObject({ model_name: 'wan2.2-i2v-plus', quota });
    expect(dashscope.requests.at(-1)).toMatchObject({
      headers: { 'x-dashscope-async': 'enable' },
      body: { input: { img_url: 'https://example.com/flag.png' }, parameters: { resolution: '1080P' } },
    });
    await poll();
    await poll();
    await poll();
    const read = await fetch(`${fixture.server.url}/v1/video/generations/${result.id}`, {
      headers: { authorization: `Bearer sk-${fixture.token.key}` },
    });
    expect(((await read.json()) as { data: unknown }).data).toMatchObject({
      platform: '17',
      status: 'SUCCESS',
      result_url: `https://dashscope-result.example/${result.id}.mp4`,
    });

    const before = await fixture.userQuota();
    await fixture.postWithKey('/v1/video/generations', {
      model: 'wan2.2-i2v-plus',
      prompt: 'this will fail',
    });
    await poll();
    await poll();
    await poll();
    await fixture.flush();
    expect(await fixture.userQuota()).toBe(before);
  });
});
