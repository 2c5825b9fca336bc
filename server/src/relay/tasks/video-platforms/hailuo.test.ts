/**
 * Hailuo on MiniMax (type 35): its request and status mapping as tables, and — once the channel-type
 * registry lists `hailuo` among what MiniMax channels serve (common/channel-types.ts) — from submit to the
 * video's address (query, then file retrieve) through the generic route against a fake MiniMax video API
 * written from MiniMax's published API, with exact quota, a refusal charged nothing and a refund on failure.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_TIMEOUT_MS } from '../../../jobs/task-polling.ts';
import {
  FAKE_MINIMAX_VIDEO_KEY,
  startFakeMiniMaxVideo,
} from '../../../test-support/fake-vendors/video/minimax-video.ts';
import { setUpRelayFixture } from '../../../test-support/test-site.ts';
import { pollVideos } from '../video/poll.ts';
import { hailuo, hailuoBody } from './hailuo.ts';
import type { VideoRequest } from './platform.ts';

const request = (fields: Partial<VideoRequest>): VideoRequest => ({
  model: 'MiniMax-Hailuo-02',
  prompt: 'p',
  mode: '',
  images: [],
  size: '',
  duration: 0,
  metadata: {},
  action: 'textGenerate',
  ...fields,
});

describe('Hailuo requests and states', () => {
  it.each([
    [{}, { model: 'MiniMax-Hailuo-02', prompt: 'p', duration: 6, resolution: '768P' }],
    [{ model: 'T2V-01' }, { model: 'T2V-01', prompt: 'p', duration: 6, resolution: '720P' }],
    [
      { size: '1920x1080', duration: 10, images: ['https://e/f.png'] },
      {
        model: 'MiniMax-Hailuo-02',
        prompt: 'p',
        duration: 10,
        resolution: '1080P',
        first_frame_image: 'https://e/f.png',
      },
    ],
    [
      { metadata: { prompt_optimizer: false, last_frame_image: 'https://e/l.png' } },
      {
        model: 'MiniMax-Hailuo-02',
        prompt: 'p',
        duration: 6,
        resolution: '768P',
        prompt_optimizer: false,
        last_frame_image: 'https://e/l.png',
      },
    ],
  ] as const)('%j → %j', (fields, body) => {
    expect(hailuoBody(request(fields as Partial<VideoRequest>))).toEqual(body);
  });

  it.each([
    [
      { status: 'Queueing', base_resp: { status_code: 0 } },
      { status: 'IN_PROGRESS', progress: 30 },
    ],
    [
      { status: 'Processing', base_resp: { status_code: 0 } },
      { status: 'IN_PROGRESS', progress: 50 },
    ],
    [
      { status: 'Success', base_resp: { status_code: 0 } },
      { status: 'SUCCESS', progress: 100 },
    ],
    [
      { status: 'Fail', base_resp: { status_code: 0 } },
      { status: 'FAILURE', progress: 100, reason: 'task failed' },
    ],
    [
      { base_resp: { status_code: 1026, status_msg: 'sensitive' } },
      { status: 'FAILURE', progress: 100, reason: 'sensitive' },
    ],
  ])('maps %j to %j', (task, state) => {
    expect(hailuo.state(task)).toEqual(state);
  });
});

const PRICE = 0.5;
const { fixture } = setUpRelayFixture();

describe('Hailuo through the generic video route', () => {
  const poll = () => pollVideos(fixture.server.context, TASK_TIMEOUT_MS);
  const read = async (id: string) => {
    const response = await fetch(`${fixture.server.url}/v1/video/generations/${id}`, {
      headers: { authorization: `Bearer sk-${fixture.token.key}` },
    });
    return ((await response.json()) as { data: Record<string, unknown> }).data;
  };

  beforeAll(async () => {
    await fixture.addVendorChannel(startFakeMiniMaxVideo, {
      type: 35,
      key: FAKE_MINIMAX_VIDEO_KEY,
      models: 'MiniMax-Hailuo-02',
    });
    await fixture.mergeJsonOption('ModelPrice', { 'MiniMax-Hailuo-02': PRICE });
  });

  it('submits, follows the task to its video address, refuses what MiniMax refuses and refunds a failure', async () => {
    const { result, spent, log } = await fixture.charged(async () => {
      const response = await fixture.postWithKey('/v1/video/generations', {
        model: 'MiniMax-Hailuo-02',
        prompt: 'a heron lands',
      });
      return (await response.json()) as { id: string };
    });
    expect(spent).toBe(Math.round(PRICE * 500_000));
    expect(log).toMatchObject({ model_name: 'MiniMax-Hailuo-02', quota: spent });
    await poll();
    await poll();
    await poll();
    expect(await read(result.id)).toMatchObject({
      platform: '35',
      status: 'SUCCESS',
      result_url: `https://minimax-files.example/9${result.id}.mp4`,
    });

    const before = await fixture.userQuota();
    const refused = await fixture.postWithKey('/v1/video/generations', {
      model: 'MiniMax-Hailuo-02',
      prompt: 'x',
      duration: 7,
    });
    expect(refused.status).toBe(502);
    expect(((await refused.json()) as { message: string }).message).toContain(
      'duration or resolution not supported',
    );
    const failing = (await (
      await fixture.postWithKey('/v1/video/generations', {
        model: 'MiniMax-Hailuo-02',
        prompt: 'this will fail',
      })
    ).json()) as { id: string };
    await poll();
    await poll();
    await poll();
    await fixture.flush();
    expect(await fixture.userQuota()).toBe(before);
    expect(await read(failing.id)).toMatchObject({ status: 'FAILURE', fail_reason: 'task failed' });
  });
});
