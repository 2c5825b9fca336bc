/**
 * The drawing-log and task-log lists over HTTP on every database: rows inserted directly, then the admin
 * and self variants, their filters (channel, upstream id, submission window in seconds against drawings'
 * milliseconds), paging, admin-only fields, refusals and bad query values.
 */
import type { Insertable } from 'kysely';
import { beforeAll, describe, expect } from 'vitest';
import type { Page } from '../../../../common/api/reply.ts';
import type { MidjourneyView, TaskView } from '../../../../common/api/tasks.ts';
import type { Database } from '../../db/schema.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

/** 2025-03-14 12:00:00 UTC, in seconds. */
const BASE = 1_741_953_600;

describe.each(matrix)('drawing and task logs on $name', (dialect) => {
  const {
    server,
    root,
    users: { user },
    run,
  } = setUpSite({ dialect, users: { user: 'painter' } });
  let userId: number;
  let rootId: number;

  beforeAll(async () => {
    if (dialect.skipReason) return;
    userId = user.currentUserId!;
    rootId = root.currentUserId!;
    const { db } = server.context.database;
    // Drawings: submit_time in milliseconds. Three of the user's (channel 7, 7, 9), one of root's.
    // One row per statement: a multi-row insert would write NULL into the columns a row leaves out.
    const drawings: Insertable<Database['midjourneys']>[] = [
      {
        user_id: userId,
        channel_id: 7,
        action: 'IMAGINE',
        mj_id: 'mj-first',
        code: 1,
        prompt: '一只猫',
        prompt_en: 'a cat',
        submit_time: BASE * 1000,
        finish_time: BASE * 1000 + 75_000,
        status: 'SUCCESS',
        progress: '100%',
        image_url: 'https://cdn.example/first.png',
      },
      {
        user_id: userId,
        channel_id: 7,
        action: 'UPSCALE',
        mj_id: 'mj-second',
        code: 1,
        submit_time: (BASE + 100) * 1000 + 500,
        status: 'IN_PROGRESS',
        progress: '50%',
      },
      {
        user_id: userId,
        channel_id: 9,
        action: 'DESCRIBE',
        mj_id: 'mj-third',
        code: 22,
        submit_time: (BASE + 200) * 1000,
        status: 'FAILURE',
        progress: '100%',
        fail_reason: 'banned prompt',
      },
      {
        user_id: rootId,
        channel_id: 9,
        action: 'BLEND',
        mj_id: 'mj-root',
        code: 1,
        submit_time: (BASE + 300) * 1000,
        status: 'SUBMITTED',
        progress: '0%',
      },
    ];
    for (const row of drawings) await db.insertInto('midjourneys').values(row).execute();
    // Tasks: submit_time in seconds.
    const tasks: Insertable<Database['tasks']>[] = [
      {
        user_id: userId,
        channel_id: 11,
        platform: 'suno',
        action: 'MUSIC',
        task_id: 'task-music',
        status: 'SUCCESS',
        progress: '100%',
        submit_time: BASE,
        finish_time: BASE + 42,
        created_at: BASE,
        updated_at: BASE + 42,
        data: JSON.stringify([{ id: 'clip-1', title: 'song' }]),
        properties: 'not json',
      },
      {
        user_id: userId,
        channel_id: 12,
        platform: 'suno',
        action: 'LYRICS',
        task_id: 'task-lyrics',
        status: '',
        progress: '0%',
        submit_time: BASE + 100,
        created_at: BASE + 100,
      },
      {
        user_id: rootId,
        channel_id: 12,
        platform: 'suno',
        action: 'MUSIC',
        task_id: 'task-root',
        status: 'QUEUED',
        submit_time: BASE + 200,
        created_at: BASE + 200,
      },
    ];
    for (const row of tasks) await db.insertInto('tasks').values(row).execute();
  });

  run('shows a user their own drawings, newest first, without the channel', async () => {
    const reply = await user.get<Page<MidjourneyView>>('/api/mj/self');
    expect(reply.status).toBe(200);
    const page = reply.body.data!;
    expect(page).toMatchObject({ page: 1, page_size: 10, total: 3 });
    expect(page.items.map((row) => row.mj_id)).toEqual(['mj-third', 'mj-second', 'mj-first']);
    for (const row of page.items) expect(row).not.toHaveProperty('channel_id');
    expect(page.items[2]).toMatchObject({
      action: 'IMAGINE',
      code: 1,
      prompt: '一只猫',
      prompt_en: 'a cat',
      submit_time: BASE * 1000,
      finish_time: BASE * 1000 + 75_000,
      created_at: BASE,
      status: 'SUCCESS',
      progress: '100%',
      user_id: userId,
    });
    expect(page.items[0]).toMatchObject({ fail_reason: 'banned prompt', prompt: '', image_url: '' });
    // The self list has no channel filter: a value there is ignored, never applied.
    const sneaky = (await user.get<Page<MidjourneyView>>('/api/mj/self', { channel_id: 9 })).body.data!;
    expect(sneaky.total).toBe(3);
  });

  run('shows admins every drawing with its channel, and filters by channel and mj_id', async () => {
    const all = (await root.get<Page<MidjourneyView>>('/api/mj/')).body.data!;
    expect(all.total).toBe(4);
    expect(all.items[0]).toMatchObject({ mj_id: 'mj-root', channel_id: 9, user_id: rootId });
    const channel7 = (await root.get<Page<MidjourneyView>>('/api/mj/', { channel_id: 7 })).body.data!;
    expect(channel7.items.map((row) => row.mj_id)).toEqual(['mj-second', 'mj-first']);
    const byId = (await root.get<Page<MidjourneyView>>('/api/mj/', { mj_id: 'mj-third' })).body.data!;
    expect(byId.items.map((row) => row.channel_id)).toEqual([9]);
    // Empty values are no filter (new-api's console sends them).
    const blank = (await root.get<Page<MidjourneyView>>('/api/mj/', { channel_id: '', mj_id: '' })).body
      .data!;
    expect(blank.total).toBe(4);
  });

  run('compares the window in seconds with drawings’ millisecond submit times', async () => {
    const ids = async (query: Record<string, number>) =>
      (await user.get<Page<MidjourneyView>>('/api/mj/self', query)).body.data!.items.map((row) => row.mj_id);
    expect(await ids({ start_timestamp: BASE + 100 })).toEqual(['mj-third', 'mj-second']);
    // mj-second was submitted at BASE+100 s and 500 ms: the end second is included whole.
    expect(await ids({ end_timestamp: BASE + 100 })).toEqual(['mj-second', 'mj-first']);
    expect(await ids({ start_timestamp: BASE + 1, end_timestamp: BASE + 199 })).toEqual(['mj-second']);
    expect(await ids({ start_timestamp: BASE + 101 })).toEqual(['mj-third']);
    // Milliseconds, as new-api's console sent them, are understood.
    expect(await ids({ start_timestamp: (BASE + 100) * 1000, end_timestamp: (BASE + 150) * 1000 })).toEqual([
      'mj-second',
    ]);
  });

  run('pages the drawings with p and page_size', async () => {
    const first = (await root.get<Page<MidjourneyView>>('/api/mj/', { p: 1, page_size: 3 })).body.data!;
    expect(first).toMatchObject({ page: 1, page_size: 3, total: 4 });
    expect(first.items.map((row) => row.mj_id)).toEqual(['mj-root', 'mj-third', 'mj-second']);
    const second = (await root.get<Page<MidjourneyView>>('/api/mj/', { p: 2, page_size: 3 })).body.data!;
    expect(second.items.map((row) => row.mj_id)).toEqual(['mj-first']);
    const past = (await root.get<Page<MidjourneyView>>('/api/mj/', { p: 3, page_size: 3 })).body.data!;
    expect(past).toMatchObject({ items: [], total: 4 });
  });

  run(
    'forwards result images of the gateway’s tasks through this site while MjForwardUrlEnabled is on',
    async () => {
      // A task this gateway submitted: its id is the gateway's own, the upstream's kept privately.
      const gatewayId = '73190046285518830264119375502281';
      await server.context.database.db
        .insertInto('midjourneys')
        .values({
          user_id: userId,
          channel_id: 7,
          action: 'IMAGINE',
          mj_id: gatewayId,
          code: 1,
          submit_time: (BASE + 400) * 1000,
          status: 'SUCCESS',
          progress: '100%',
          image_url: 'https://cdn.example/gateway.png',
          properties: JSON.stringify({ switchyard_upstream_id: '1741954000000123' }),
        })
        .execute();
      const imageOf = async (id: string) =>
        (await user.get<Page<MidjourneyView>>('/api/mj/self', { mj_id: id })).body.data!.items[0]!.image_url;
      expect(server.context.options.getBoolean('MjForwardUrlEnabled')).toBe(true);
      const address = server.context.options.get('ServerAddress');
      expect(await imageOf(gatewayId)).toBe(`${address}/mj/image/${gatewayId}`);
      // A row as new-api wrote it has the upstream's guessable id, which /mj/image does not serve.
      expect(await imageOf('mj-first')).toBe('https://cdn.example/first.png');
      expect(
        (await root.put('/api/option/', { key: 'MjForwardUrlEnabled', value: 'false' })).body.success,
      ).toBe(true);
      expect(await imageOf(gatewayId)).toBe('https://cdn.example/gateway.png');
      await root.put('/api/option/', { key: 'MjForwardUrlEnabled', value: 'true' });
      await server.context.database.db.deleteFrom('midjourneys').where('mj_id', '=', gatewayId).execute();
    },
  );

  run('shows a user their own tasks, and admins every task filtered by channel and task_id', async () => {
    const mine = (await user.get<Page<TaskView>>('/api/task/self')).body.data!;
    expect(mine.total).toBe(2);
    expect(mine.items.map((row) => row.task_id)).toEqual(['task-lyrics', 'task-music']);
    for (const row of mine.items) expect(row).not.toHaveProperty('channel_id');
    expect(mine.items[1]).toMatchObject({
      platform: 'suno',
      action: 'MUSIC',
      status: 'SUCCESS',
      submit_time: BASE,
      finish_time: BASE + 42,
      data: [{ id: 'clip-1', title: 'song' }],
      properties: 'not json',
    });
    expect(mine.items[0]).toMatchObject({ status: '', data: null, fail_reason: '' });

    const all = (await root.get<Page<TaskView>>('/api/task/')).body.data!;
    expect(all.items.map((row) => [row.task_id, row.channel_id])).toEqual([
      ['task-root', 12],
      ['task-lyrics', 12],
      ['task-music', 11],
    ]);
    const channel12 = (await root.get<Page<TaskView>>('/api/task/', { channel_id: 12 })).body.data!;
    expect(channel12.total).toBe(2);
    const byId = (await root.get<Page<TaskView>>('/api/task/', { task_id: 'task-music' })).body.data!;
    expect(byId.items.map((row) => row.user_id)).toEqual([userId]);
    // A user cannot reach another user's task by its id.
    const other = (await user.get<Page<TaskView>>('/api/task/self', { task_id: 'task-root' })).body.data!;
    expect(other.total).toBe(0);
  });

  run('compares the window in seconds with tasks’ second submit times', async () => {
    const ids = async (query: Record<string, number>) =>
      (await root.get<Page<TaskView>>('/api/task/', query)).body.data!.items.map((row) => row.task_id);
    expect(await ids({ start_timestamp: BASE + 100 })).toEqual(['task-root', 'task-lyrics']);
    expect(await ids({ end_timestamp: BASE + 100 })).toEqual(['task-lyrics', 'task-music']);
    expect(await ids({ start_timestamp: BASE + 101, end_timestamp: BASE + 200 })).toEqual(['task-root']);
    const paged = (await root.get<Page<TaskView>>('/api/task/', { p: 2, page_size: 2 })).body.data!;
    expect(paged).toMatchObject({ page: 2, page_size: 2, total: 3 });
    expect(paged.items.map((row) => row.task_id)).toEqual(['task-music']);
  });

  run('refuses the admin lists to users and every list to visitors', async () => {
    for (const path of ['/api/mj/', '/api/task/']) {
      const refused = await user.get(path);
      expect(refused.status, path).toBe(403);
      expect(refused.body.success, path).toBe(false);
    }
    for (const path of ['/api/mj/', '/api/mj/self', '/api/task/', '/api/task/self']) {
      const anonymous = await fetch(`${server.url}${path}`);
      expect(anonymous.status, path).toBe(401);
    }
  });

  run.each([
    ['/api/mj/', { channel_id: 'seven' }, 'channel_id'],
    ['/api/mj/', { channel_id: '-3' }, 'channel_id'],
    ['/api/task/', { channel_id: '1.5' }, 'channel_id'],
    ['/api/mj/self', { start_timestamp: 'yesterday' }, 'start_timestamp'],
    ['/api/task/self', { end_timestamp: '12e3' }, 'end_timestamp'],
    ['/api/task/self', { task_id: 'x'.repeat(192) }, 'task_id'],
    ['/api/mj/self', { start_timestamp: BASE + 10, end_timestamp: BASE }, 'start_timestamp'],
  ])('answers 400 to %s with %o, naming %s', async (path, query, parameter) => {
    const client = path.endsWith('self') ? user : root;
    const reply = await client.get(path, query);
    expect(reply.status).toBe(400);
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toContain(parameter);
  });
});
