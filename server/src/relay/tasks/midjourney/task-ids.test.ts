/**
 * The ids of Midjourney tasks (docs/tasks.md): clients see the gateway's own random ids, never the
 * upstream's time-based ones — in submit answers, fetch, list-by-condition, image-seed, `/mj/image/{id}`,
 * the drawing log and the task object's texts —, while the upstream is always addressed with its own id
 * (polling, actions on a parent task, image-seed). `/mj/image/<upstream id>` finds nothing. A row as
 * new-api wrote it (no upstream id kept: its id is the upstream's) keeps working. On every database the
 * suite can reach (the existing-task lookup searches the rows' properties).
 */
import { beforeAll, describe, expect } from 'vitest';
import type { Page } from '../../../../../common/api/reply.ts';
import type { MidjourneyView } from '../../../../../common/api/tasks.ts';
import { pollTasks } from '../../../jobs/task-polling.ts';
import { databaseMatrix } from '../../../test-support/databases.ts';
import {
  FAKE_MJ_IMAGE,
  FAKE_MJ_SECRET,
  type FakeMidjourney,
  startFakeMidjourney,
} from '../../../test-support/fake-vendors/midjourney-proxy.ts';
import { setUpRelayFixture } from '../../../test-support/test-site.ts';
import { imagineBody, mjClient } from './test-mj-client.ts';

const matrix = await databaseMatrix();

describe.each(matrix)('Midjourney task ids on $name', (dialect) => {
  const { fixture, run: it } = setUpRelayFixture({ dialect });
  const client = mjClient(fixture);
  let mj: FakeMidjourney;

  beforeAll(async () => {
    if (dialect.skipReason) return;
    ({ vendor: mj } = await fixture.addVendorChannel(startFakeMidjourney, {
      type: 2,
      key: FAKE_MJ_SECRET,
      models: 'mj_imagine,mj_upscale,mj_variation,mj_zoom',
    }));
  });

  /** Submits an imagine task and polls it to SUCCESS; the gateway's id and the upstream's. */
  async function finishedTask(prompt: string) {
    const answer = await client.post('/mj/submit/imagine', imagineBody(prompt));
    expect(answer.body).toMatchObject({ code: 1 });
    const upstreamId = mj.lastTask().id;
    await pollTasks(fixture.server.context);
    await pollTasks(fixture.server.context);
    return { id: String(answer.body.result), upstreamId };
  }

  describe('Midjourney task ids', () => {
    let id = '';
    let upstreamId = '';

    beforeAll(async () => {
      if (dialect.skipReason) return;
      ({ id, upstreamId } = await finishedTask('a cat with a secret id'));
    });

    it('are the gateway’s own: long random digit strings, not the upstream’s', async () => {
      expect(id).toMatch(/^[1-9]\d{31}$/);
      expect(id).not.toBe(upstreamId);
      const next = String((await client.post('/mj/submit/imagine', imagineBody('another cat'))).body.result);
      expect(next).toMatch(/^[1-9]\d{31}$/);
      // Two ids in a row share no time-based prefix: one says nothing about the next.
      const distance = BigInt(next) - BigInt(id);
      expect(distance < 0n ? -distance : distance).toBeGreaterThan(10n ** 20n);
      const row = await client.row(id);
      expect(row.mj_id).toBe(id);
      expect(row.properties).toContain(upstreamId);
    });

    it('are what fetch and list-by-condition take and answer; the upstream’s id finds nothing', async () => {
      const shown = await client.fetchTask(id);
      expect(shown).toMatchObject({ id, status: 'SUCCESS', progress: '100%' });
      expect(JSON.stringify(shown)).not.toContain(upstreamId);
      expect((await client.get(`/mj/task/${upstreamId}/fetch`)).status).toBe(404);
      const listed = (await client.post('/mj/task/list-by-condition', { ids: [id, upstreamId] }))
        .body as unknown as Record<string, unknown>[];
      expect(listed.map((task) => task.id)).toEqual([id]);
    });

    it('serve the image at /mj/image/<gateway id> only', async () => {
      await fixture.setOption('MjForwardUrlEnabled', 'true');
      expect(String((await client.fetchTask(id)).imageUrl)).toBe(`${fixture.server.url}/mj/image/${id}`);
      const image = await fetch(`${fixture.server.url}/mj/image/${id}`);
      expect(image.status).toBe(200);
      expect(Buffer.from(await image.arrayBuffer())).toEqual(FAKE_MJ_IMAGE);
      expect((await fetch(`${fixture.server.url}/mj/image/${upstreamId}`)).status).toBe(404);
    });

    it('name parent tasks in actions, sent to the upstream under its own id', async () => {
      const change = await client.post('/mj/submit/change', { action: 'UPSCALE', index: 1, taskId: id });
      expect(change.body).toMatchObject({ code: 1 });
      expect(mj.requests.at(-1)!.body.taskId).toBe(upstreamId);
      const child = String(change.body.result);
      expect(child).toMatch(/^[1-9]\d{31}$/);
      // The child's texts, once read from the upstream, name its parent by the id the client knows.
      await pollTasks(fixture.server.context);
      const childShown = await client.fetchTask(child);
      expect(childShown).toMatchObject({ id: child, description: `/up ${id} U1` });
      expect(childShown.properties).toMatchObject({ relatedTaskId: id });
      expect(JSON.stringify(childShown)).not.toContain(upstreamId);

      const simple = await client.post('/mj/submit/simple-change', { content: `${id} V2` });
      expect(simple.body).toMatchObject({ code: 1 });
      expect(mj.requests.at(-1)!.body.content).toBe(`${upstreamId} V2`);

      const action = await client.post('/mj/submit/action', {
        customId: 'MJ::JOB::upsample::1::abcdef',
        taskId: id,
      });
      expect(action.body).toMatchObject({ code: 1 });
      expect(mj.requests.at(-1)!.body.taskId).toBe(upstreamId);

      const modal = await client.post('/mj/submit/modal', { taskId: id, prompt: 'a wider cat' });
      expect(modal.body).toMatchObject({ code: 1 });
      expect(mj.requests.at(-1)!.body.taskId).toBe(upstreamId);
      for (const answer of [simple, action, modal])
        expect(String(answer.body.result)).toMatch(/^[1-9]\d{31}$/);

      // The same upscale again: the upstream answers the existing task (21), named by the gateway's id.
      const again = await fixture.charged(() =>
        client.post('/mj/submit/change', { action: 'UPSCALE', index: 1, taskId: id }),
      );
      expect(again.result.body).toMatchObject({ code: 21, result: child });
      expect(again.spent).toBe(0);

      // An action naming the upstream's id finds no task of the caller's.
      const byUpstreamId = await client.post('/mj/submit/change', {
        action: 'UPSCALE',
        index: 1,
        taskId: upstreamId,
      });
      expect(byUpstreamId.status).toBe(400);
    });

    it('are what image-seed takes, asked of the upstream under its own id', async () => {
      const seed = await client.get(`/mj/task/${id}/image-seed`);
      expect(seed.body).toMatchObject({ code: 1, result: '1234567' });
      expect(mj.requests.at(-1)!.path).toBe(`/mj/task/${upstreamId}/image-seed`);
      expect((await client.get(`/mj/task/${upstreamId}/image-seed`)).status).toBe(404);
    });

    it('are what the drawing log shows and filters by', async () => {
      const page = await fixture.user.get<Page<MidjourneyView>>('/api/mj/self', { mj_id: id });
      expect(page.body.data!.items.map((row) => row.mj_id)).toEqual([id]);
      expect(page.body.data!.items[0]!.image_url).toBe(`/mj/image/${id}`);
      expect(JSON.stringify(page.body.data)).not.toContain(upstreamId);
    });
  });

  describe('a Midjourney row as new-api wrote it', () => {
    it('keeps working under the upstream’s id, without the image proxy', async () => {
      const answer = await client.post('/mj/submit/imagine', imagineBody('an adopted cat'));
      const upstream = mj.lastTask();
      // new-api kept the upstream's id in mj_id and the upstream's properties only.
      await fixture.server.context.database.db
        .updateTable('midjourneys')
        .set({ mj_id: upstream.id, properties: JSON.stringify({ discordInstanceId: 'fake-instance' }) })
        .where('mj_id', '=', String(answer.body.result))
        .execute();
      await pollTasks(fixture.server.context);
      await pollTasks(fixture.server.context);
      expect(await client.fetchTask(upstream.id)).toMatchObject({ id: upstream.id, status: 'SUCCESS' });
      // Its id is guessable, so the public image proxy does not serve it: clients get the upstream's URL.
      await fixture.setOption('MjForwardUrlEnabled', 'true');
      expect((await client.fetchTask(upstream.id)).imageUrl).toBe(
        `${mj.url}/attachments/${upstream.messageHash}.png`,
      );
      expect((await fetch(`${fixture.server.url}/mj/image/${upstream.id}`)).status).toBe(404);
      const change = await client.post('/mj/submit/change', {
        action: 'UPSCALE',
        index: 1,
        taskId: upstream.id,
      });
      expect(change.body).toMatchObject({ code: 1 });
      expect(mj.requests.at(-1)!.body.taskId).toBe(upstream.id);
      expect((await client.get(`/mj/task/${upstream.id}/image-seed`)).body).toMatchObject({ code: 1 });
    });
  });
});
