/**
 * Veo on the Gemini API (type 24): its request, price units and status mapping as tables (new-api's Veo
 * pricing: seconds times the 4K ratio), and — once the channel-type registry lists `veo` among what Gemini
 * channels serve (common/channel-types.ts) — from submit to content through the generic route and the
 * openai SDK against a fake Gemini API written from Google's published video API, with exact quota and a
 * refund on failure.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_TIMEOUT_MS } from '../../../jobs/task-polling.ts';
import {
  FAKE_GEMINI_VEO_KEY,
  FAKE_VEO_BYTES,
  startFakeGeminiVeo,
} from '../../../test-support/fake-vendors/video/gemini-veo.ts';
import { setUpRelayFixture } from '../../../test-support/test-site.ts';
import { pollVideos } from '../video/poll.ts';
import { geminiVeo, veoParameters, veoResolutionRatio } from './gemini-veo.ts';
import type { VideoRequest } from './platform.ts';

const request = (fields: Partial<VideoRequest>): VideoRequest => ({
  model: 'veo-3.1-generate-preview',
  prompt: 'p',
  mode: '',
  images: [],
  size: '',
  duration: 0,
  metadata: {},
  action: 'textGenerate',
  ...fields,
});

describe('Veo requests and prices', () => {
  it.each([
    [{}, {}, 8],
    [{ duration: 4 }, { durationSeconds: 4 }, 4],
    [{ size: '720x1280' }, { aspectRatio: '9:16', resolution: '720p' }, 8],
    [{ size: '1920x1080', duration: 6 }, { aspectRatio: '16:9', resolution: '1080p', durationSeconds: 6 }, 6],
    [{ size: '3840x2160' }, { aspectRatio: '16:9', resolution: '4k' }, 12],
    [
      { metadata: { durationSeconds: 6, resolution: '4k', negativePrompt: 'rain' } },
      { durationSeconds: 6, resolution: '4k', negativePrompt: 'rain' },
      9,
    ],
  ] as const)('%j → parameters %j, %d units', (fields, parameters, units) => {
    const video = request(fields as Partial<VideoRequest>);
    expect(veoParameters(video)).toEqual(parameters);
    expect(geminiVeo.units(video)).toBeCloseTo(units, 6);
  });

  it.each([
    ['veo-3.0-generate-001', '4k', 1],
    ['veo-3.1-generate-preview', '4k', 1.5],
    ['veo-3.1-fast-generate-preview', '4K', 2.333333],
    ['veo-3.1-fast-generate-preview', '1080p', 1],
  ])('%s at %s costs %d times', (model, resolution, ratio) => {
    expect(veoResolutionRatio(model, resolution)).toBe(ratio);
  });

  it.each([
    [
      { name: 'x', done: false },
      { status: 'IN_PROGRESS', progress: 50 },
    ],
    [
      { name: 'x', done: true },
      { status: 'SUCCESS', progress: 100 },
    ],
    [
      { name: 'x', done: true, error: { message: 'blocked' } },
      { status: 'FAILURE', progress: 100, reason: 'blocked' },
    ],
  ])('maps %j to %j', (operation, state) => {
    expect(geminiVeo.state(operation)).toEqual(state);
  });
});

const PRICE = 0.4;
const { fixture } = setUpRelayFixture();

describe('Veo through the generic route and OpenAI’s video API', () => {
  const poll = () => pollVideos(fixture.server.context, TASK_TIMEOUT_MS);

  beforeAll(async () => {
    await fixture.addVendorChannel(startFakeGeminiVeo, {
      type: 24,
      key: FAKE_GEMINI_VEO_KEY,
      models: 'veo-3.1-generate-preview',
    });
    await fixture.mergeJsonOption('ModelPrice', { 'veo-3.1-generate-preview': PRICE });
  });

  it('submits a 4K video priced per second, follows it to its content, refunds a failure', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      fixture.openai.videos.create({
        model: 'veo-3.1-generate-preview' as 'sora-2',
        prompt: 'a glacier calving',
        seconds: '8',
        size: '3840x2160' as '1280x720',
      }),
    );
    const quota = Math.round(PRICE * 8 * 1.5 * 500_000);
    expect(spent).toBe(quota);
    expect(log).toMatchObject({ model_name: 'veo-3.1-generate-preview', quota });
    await poll();
    await poll();
    expect(await fixture.openai.videos.retrieve(result.id)).toMatchObject({ status: 'completed' });
    const content = await fixture.openai.videos.downloadContent(result.id);
    expect(Buffer.from(await content.arrayBuffer())).toEqual(FAKE_VEO_BYTES);

    const before = await fixture.userQuota();
    const failing = await fixture.postWithKey('/v1/video/generations', {
      model: 'veo-3.1-generate-preview',
      prompt: 'this will fail',
      duration: 4,
    });
    expect(failing.status).toBe(200);
    await poll();
    await poll();
    await fixture.flush();
    expect(await fixture.userQuota()).toBe(before);
  });
});
