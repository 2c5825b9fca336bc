/**
 * The Suno relay against a fake Suno API with a state machine (server/src/test-support/fake-vendors/
 * suno-api.ts): music and lyrics submissions charged exactly (suno_music, suno_lyrics), rows in `tasks`,
 * polling to SUCCESS with the clips, a failure refunded exactly once with pollers racing, a refused prompt
 * charging nothing, and the caller's own tasks only.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { TASK_TIMEOUT_MS } from '../../../jobs/task-polling.ts';
import type { FakeVendor } from '../../../test-support/fake-vendors/http.ts';
import { FAKE_SUNO_KEY, startFakeSuno } from '../../../test-support/fake-vendors/suno-api.ts';
import { setUpRelayFixture } from '../../../test-support/test-site.ts';
import { pollSuno } from './poll.ts';

const QUOTA_PER_UNIT = 500_000;
const { fixture } = setUpRelayFixture();
let suno: FakeVendor;

async function call(method: 'GET' | 'POST', path: string, body?: unknown, key = `sk-${fixture.token.key}`) {
  const response = await fetch(`${fixture.server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${key}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

const poll = () => pollSuno(fixture.server.context, TASK_TIMEOUT_MS);

beforeAll(async () => {
  ({ vendor: suno } = await fixture.addVendorChannel(startFakeSuno, {
    type: 36,
    key: FAKE_SUNO_KEY,
    models: 'suno_music,suno_lyrics',
  }));
});

describe('Suno tasks', () => {
  it('submit music, charge suno_music exactly and poll it to SUCCESS with its clips', async () => {
    const body = { prompt: 'a song about the sea', mv: 'chirp-v3-5', title: 'Sea', tags: 'folk' };
    const { result, spent, log } = await fixture.charged(() => call('POST', '/suno/submit/music', body));
    expect(result.body).toEqual({ code: 'success', message: '', data: 'suno-task-1' });
    expect(spent).toBe(0.1 * QUOTA_PER_UNIT);
    expect(log).toMatchObject({ model_name: 'suno_music', quota: 0.1 * QUOTA_PER_UNIT });
    expect(suno.requests.at(-1)!.body).toEqual(body);
    await poll();
    expect((await call('GET', '/suno/fetch/suno-task-1')).body.data).toMatchObject({
      status: 'IN_PROGRESS',
      progress: '50%',
    });
    await poll();
    const done = (await call('GET', '/suno/fetch/suno-task-1')).body.data as Record<string, unknown>;
    expect(done).toMatchObject({
      task_id: 'suno-task-1',
      action: 'MUSIC',
      status: 'SUCCESS',
      progress: '100%',
    });
    expect(done.data).toEqual([
      expect.objectContaining({ audio_url: 'https://cdn.example/suno-task-1.mp3' }),
    ]);
    const listed = await call('POST', '/suno/fetch', { ids: ['suno-task-1', 'not-mine'] });
    expect((listed.body.data as unknown[]).length).toBe(1);
  });

  it('submit lyrics at the lyrics price', async () => {
    const { result, spent } = await fixture.charged(() =>
      call('POST', '/suno/submit/lyrics', { prompt: 'rain' }),
    );
    expect(result.body.code).toBe('success');
    expect(spent).toBe(0.01 * QUOTA_PER_UNIT);
    const row = await fixture.server.context.database.db
      .selectFrom('tasks')
      .selectAll()
      .where('task_id', '=', String(result.body.data))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      platform: 'suno',
      action: 'LYRICS',
      status: 'SUBMITTED',
      user_id: fixture.userId,
    });
  });

  it('refund a failed task exactly once, even with pollers racing', async () => {
    const before = await fixture.userQuota();
    const submitted = await call('POST', '/suno/submit/music', { prompt: 'this will fail' });
    await poll();
    const [first, second] = await Promise.all([poll(), poll()]);
    expect(first.failed + second.failed).toBe(1);
    await poll();
    expect(await fixture.userQuota()).toBe(before);
    const row = await fixture.server.context.database.db
      .selectFrom('tasks')
      .selectAll()
      .where('task_id', '=', String(submitted.body.data))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'FAILURE', fail_reason: 'generation failed: content policy' });
  });

  it('charge nothing for a refused prompt and answer in the Suno shape', async () => {
    const { failure, spent } = await fixture.chargedFailure(() =>
      call('POST', '/suno/submit/music', { prompt: 'please refuse' }).then((reply) => {
        if (reply.status >= 400)
          throw Object.assign(new Error(String(reply.body.message)), { status: reply.status });
        return reply;
      }),
    );
    expect(spent).toBe(0);
    expect(failure.status).toBe(400);
    const noPrompt = await call('POST', '/suno/submit/music', {});
    expect(noPrompt.status).toBe(400);
    expect(noPrompt.body).toMatchObject({ code: 'invalid_request', data: null });
    expect(String(noPrompt.body.message)).toContain('prompt');
  });
});
