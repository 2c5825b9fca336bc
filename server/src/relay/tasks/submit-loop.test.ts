/**
 * The one submit loop of the task platforms (./submit-loop.ts), through real HTTP against fake vendors
 * (server/src/test-support/fake-vendors/: Midjourney-Proxy, the Suno API, OpenAI's video API): another
 * channel after a retryable failure — as many more as RetryTimes allows, judged by the relay's rules
 * (server/src/relay/routing/health.ts isRetryable, after the channel's status-code mapping) — none after a
 * refusal, and the reservation kept once when a channel accepts and given back on every other ending, to
 * the unit. Pinned keys and actions on a parent task: ./submit-loop-channels.test.ts.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import { imagineBody, mjClient } from './midjourney/test-mj-client.ts';
import {
  IMAGINE_QUOTA,
  type Ledger,
  MUSIC_QUOTA,
  submissionsTo,
  taskSite,
  VIDEO_PRICE_PER_SECOND,
} from './test-task-site.ts';

const { fixture } = setUpRelayFixture();
const site = taskSite(fixture);
const mj = mjClient(fixture);

beforeAll(async () => {
  await fixture.mergeJsonOption('ModelPrice', { 'sora-2': VIDEO_PRICE_PER_SECOND });
});

/** The money moved since `before`: what the user was charged, and the log rows written. */
async function movedSince(before: Ledger) {
  const after = await site.ledger();
  return {
    spent: before.quota - after.quota,
    used: after.usedQuota - before.usedQuota,
    tokenUsed: after.tokenUsedQuota - before.tokenUsedQuota,
    logs: after.consumeLogs - before.consumeLogs,
  };
}

const NOTHING = { spent: 0, used: 0, tokenUsed: 0, logs: 0 };
const charged = (quota: number) => ({ spent: quota, used: quota, tokenUsed: quota, logs: 1 });

describe('retryable failures', () => {
  it('move to the next channel, as many more times as RetryTimes says, and the task is charged once', async () => {
    const busy = await site.sunoChannel({ priority: 10 });
    const spare = await site.sunoChannel({ priority: 0 });
    busy.vendor.failSubmissions(503);
    await fixture.setOption('RetryTimes', '1');
    const before = await site.ledger();
    const answer = await site.suno('/suno/submit/music', { prompt: 'a song about the sea' });
    expect(answer).toEqual({ status: 200, body: { code: 'success', message: '', data: 'suno-task-1' } });
    expect([submissionsTo(busy.vendor), submissionsTo(spare.vendor)]).toEqual([1, 1]);
    expect(await movedSince(before)).toEqual(charged(MUSIC_QUOTA));
    expect(await fixture.lastConsumeLog()).toMatchObject({
      model_name: 'suno_music',
      channel_id: spare.channelId,
      quota: MUSIC_QUOTA,
    });
    expect(await site.taskRows(busy.channelId)).toEqual([]);
    const [row] = await site.taskRows(spare.channelId);
    expect(row).toMatchObject({ task_id: 'suno-task-1', status: 'SUBMITTED', platform: 'suno' });
    expect(Number(row!.quota)).toBe(MUSIC_QUOTA);
  });

  it('stop when RetryTimes is used up: 503, and nothing is charged', async () => {
    const busy = await site.sunoChannel({ priority: 10 });
    const spare = await site.sunoChannel({ priority: 0 });
    busy.vendor.failSubmissions(500);
    const before = await site.ledger();
    // RetryTimes is 0: the channel that failed is the only one asked.
    const answer = await site.suno('/suno/submit/music', { prompt: 'a song' });
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'upstream_unavailable', data: null });
    expect(String(answer.body.message)).toContain(`channel #${busy.channelId} answered HTTP 500`);
    expect([submissionsTo(busy.vendor), submissionsTo(spare.vendor)]).toEqual([1, 0]);
    expect(await movedSince(before)).toEqual(NOTHING);
    expect(await site.taskRows(busy.channelId)).toEqual([]);
  });

  it('include a dropped connection and a 429', async () => {
    const gone = await site.midjourneyChannel({ priority: 20 });
    const limited = await site.midjourneyChannel({ priority: 10 });
    const spare = await site.midjourneyChannel({ priority: 0 });
    gone.vendor.setReachable(false);
    limited.vendor.failSubmissions(429);
    await fixture.setOption('RetryTimes', '2');
    const before = await site.ledger();
    const answer = await mj.post('/mj/submit/imagine', imagineBody('a cat'));
    expect(answer.body).toMatchObject({ code: 1, description: '提交成功' });
    expect([limited.vendor, spare.vendor].map(submissionsTo)).toEqual([1, 1]);
    expect(await movedSince(before)).toEqual(charged(IMAGINE_QUOTA));
    const [row] = await site.midjourneyRows(spare.channelId);
    expect(row).toMatchObject({ mj_id: answer.body.result, status: 'SUBMITTED', action: 'IMAGINE' });
    expect(Number(row!.quota)).toBe(IMAGINE_QUOTA);
  });

  it('send a multipart video again, whole, to the next channel', async () => {
    const busy = await site.videoChannel({ priority: 10 });
    const spare = await site.videoChannel({ priority: 0 });
    busy.vendor.failCreates(502);
    await fixture.setOption('RetryTimes', '1');
    const before = await site.ledger();
    const video = await fixture.openai.videos.create({ model: 'sora-2', prompt: 'waves', seconds: '8' });
    expect(video).toMatchObject({ id: 'video_1', status: 'queued', model: 'sora-2' });
    expect(spare.vendor.requests.at(-1)!.body).toMatchObject({
      model: 'sora-2',
      prompt: 'waves',
      seconds: '8',
    });
    expect(await movedSince(before)).toEqual(charged(Math.round(VIDEO_PRICE_PER_SECOND * 8 * 500_000)));
    expect((await site.taskRows(spare.channelId)).map((row) => row.task_id)).toEqual(['video_1']);
  });

  it('exclude a 504: the upstream may have taken the task, so no other channel is asked', async () => {
    const slow = await site.videoChannel({ priority: 10 });
    const spare = await site.videoChannel({ priority: 0 });
    slow.vendor.failCreates(504);
    await fixture.setOption('RetryTimes', '2');
    const before = await site.ledger();
    const failure = await failureOf(fixture.openai.videos.create({ model: 'sora-2', prompt: 'waves' }));
    expect(failure.status).toBe(503);
    expect(failure.message).toContain('answered HTTP 504');
    expect([slow.vendor, spare.vendor].map(submissionsTo)).toEqual([1, 0]);
    expect(await movedSince(before)).toEqual(NOTHING);
  });

  it("are the statuses the channel's status-code mapping makes of the upstream's", async () => {
    // This channel's key is wrong: its 401 is a refusal, unless the mapping makes it a 503.
    const mapped = await site.sunoChannel({
      priority: 10,
      key: 'wrong-key',
      status_code_mapping: JSON.stringify({ '401': '503' }),
    });
    const spare = await site.sunoChannel({ priority: 0 });
    await fixture.setOption('RetryTimes', '1');
    const before = await site.ledger();
    const answer = await site.suno('/suno/submit/lyrics', { prompt: 'rain' });
    expect(answer.body).toMatchObject({ code: 'success' });
    expect([mapped.vendor, spare.vendor].map(submissionsTo)).toEqual([1, 1]);
    expect(await movedSince(before)).toEqual(charged(0.01 * 500_000));
  });

  it('that every channel has leave nothing charged', async () => {
    const first = await site.midjourneyChannel({ priority: 10 });
    const second = await site.midjourneyChannel({ priority: 0 });
    first.vendor.failSubmissions(500);
    second.vendor.setReachable(false);
    await fixture.setOption('RetryTimes', '5');
    const before = await site.ledger();
    const answer = await mj.post('/mj/submit/imagine', imagineBody('a cat'));
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 9, result: null });
    expect(String(answer.body.description)).toContain(`channel #${second.channelId}`);
    expect(submissionsTo(first.vendor)).toBe(1);
    expect(await movedSince(before)).toEqual(NOTHING);
    expect([
      ...(await site.midjourneyRows(first.channelId)),
      ...(await site.midjourneyRows(second.channelId)),
    ]).toEqual([]);
  });
});

describe('refusals', () => {
  it('are answered at once: no other channel, nothing charged, no row', async () => {
    const first = await site.sunoChannel({ priority: 10 });
    const spare = await site.sunoChannel({ priority: 0 });
    await fixture.setOption('RetryTimes', '2');
    const before = await site.ledger();
    const answer = await site.suno('/suno/submit/music', { prompt: 'please refuse this' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ code: 'upstream_refused', data: null });
    expect(String(answer.body.message)).toMatch(/^the prompt was rejected \(request id: \w+\)$/);
    expect([first.vendor, spare.vendor].map(submissionsTo)).toEqual([1, 0]);
    expect(await movedSince(before)).toEqual(NOTHING);
    expect(await site.taskRows(first.channelId)).toEqual([]);
  });

  it("of OpenAI's moderation reach the client in OpenAI's shape", async () => {
    const first = await site.videoChannel({ priority: 10 });
    const spare = await site.videoChannel({ priority: 0 });
    await fixture.setOption('RetryTimes', '2');
    const before = await site.ledger();
    const failure = await failureOf(fixture.openai.videos.create({ model: 'sora-2', prompt: 'refuse me' }));
    expect(failure).toMatchObject({
      status: 400,
      code: 'upstream_refused',
      message: expect.stringContaining('Your request was blocked by our moderation system.'),
    });
    expect([first.vendor, spare.vendor].map(submissionsTo)).toEqual([1, 0]);
    expect(await movedSince(before)).toEqual(NOTHING);
  });

  it('of Midjourney-Proxy (code 24) are passed on with a failed row, charging nothing', async () => {
    const first = await site.midjourneyChannel({ priority: 10 });
    const spare = await site.midjourneyChannel({ priority: 0 });
    await fixture.setOption('RetryTimes', '2');
    const before = await site.ledger();
    const answer = await mj.post('/mj/submit/imagine', imagineBody('banned words'));
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ code: 24, description: '可能包含敏感词' });
    expect([first.vendor, spare.vendor].map(submissionsTo)).toEqual([1, 0]);
    expect(await movedSince(before)).toEqual(NOTHING);
  });
});

describe('no channel', () => {
  it('is a 503 model_not_found naming the model and group, with nothing charged', async () => {
    const before = await site.ledger();
    const answer = await site.suno('/suno/submit/music', { prompt: 'a song' });
    expect(answer.status).toBe(503);
    expect(answer.body).toMatchObject({ code: 'model_not_found', data: null });
    expect(String(answer.body.message)).toContain('suno_music');
    expect(String(answer.body.message)).toContain('default');
    expect(await movedSince(before)).toEqual(NOTHING);
  });
});
