/**
 * Rows of the drawing log and the task log for the browser test (e2e/tasks.e2e.test.ts), written straight
 * into the server's database: three drawings and three tasks of the user (two of those tasks from today,
 * one from yesterday) and one of each of root's.
 */
import dayjs from 'dayjs';
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../server/src/db/schema.ts';

/** Drawings were submitted from this local time on (submit times are milliseconds). */
export const DRAWN_AT = dayjs('2025-03-14 12:00:00');
export const IMAGE_URL = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256"><rect width="256" height="256" fill="#f97316"/><circle cx="128" cy="128" r="80" fill="#1d4ed8"/></svg>',
)}`;
export const LONG_PROMPT = `${'a red fox running through fresh snow at dawn, watercolor, soft light, '.repeat(6)}end-of-prompt`;
export const PROMPT_EN = 'a red fox running in the snow, watercolor';
export const FAIL_REASON = `Banned prompt detected: ${Array(4).fill('the upstream refused this drawing because of its content.').join(' ')}`;
export const TASK_DATA = [{ id: 'clip-e2e', title: 'Sunrise over the harbour' }];

export interface SeededRows {
  drawings: Record<'imagine' | 'upscale' | 'describe' | 'root', number>;
  tasks: Record<'music' | 'lyrics' | 'yesterday' | 'root', number>;
}

/** Inserts the rows; returns their ids (the tables' row keys). */
export async function seedTaskLogs(
  db: Kysely<Database>,
  userId: number,
  rootId: number,
): Promise<SeededRows> {
  const insertDrawing = async (row: Insertable<Database['midjourneys']>) =>
    Number((await db.insertInto('midjourneys').values(row).executeTakeFirstOrThrow()).insertId);
  const insertTask = async (row: Insertable<Database['tasks']>) =>
    Number((await db.insertInto('tasks').values(row).executeTakeFirstOrThrow()).insertId);
  const drawings: SeededRows['drawings'] = { imagine: 0, upscale: 0, describe: 0, root: 0 };
  const tasks: SeededRows['tasks'] = { music: 0, lyrics: 0, yesterday: 0, root: 0 };

  const t0 = DRAWN_AT.valueOf();
  drawings.imagine = await insertDrawing({
    user_id: userId,
    channel_id: 7,
    action: 'IMAGINE',
    mj_id: 'mj-e2e-imagine',
    code: 1,
    prompt: LONG_PROMPT,
    prompt_en: PROMPT_EN,
    submit_time: t0,
    finish_time: t0 + 75_000,
    status: 'SUCCESS',
    progress: '100%',
    image_url: IMAGE_URL,
  });
  drawings.upscale = await insertDrawing({
    user_id: userId,
    channel_id: 7,
    action: 'UPSCALE',
    mj_id: 'mj-e2e-upscale',
    code: 1,
    prompt: 'upscale U1',
    submit_time: t0 + 120_000,
    finish_time: t0 + 150_000,
    status: 'SUCCESS',
    progress: '100%',
    image_url: IMAGE_URL,
  });
  drawings.describe = await insertDrawing({
    user_id: userId,
    channel_id: 9,
    action: 'DESCRIBE',
    mj_id: 'mj-e2e-describe',
    code: 22,
    submit_time: t0 + 300_000,
    status: 'FAILURE',
    progress: '100%',
    fail_reason: FAIL_REASON,
  });
  drawings.root = await insertDrawing({
    user_id: rootId,
    channel_id: 9,
    action: 'BLEND',
    mj_id: 'mj-e2e-root',
    code: 1,
    submit_time: t0 + 400_000,
    status: 'IN_PROGRESS',
    progress: '40%',
  });

  // Tasks (seconds): three from today, one from yesterday that the default start leaves out.
  const midnight = dayjs().startOf('day').unix();
  const submitted = Math.max(midnight + 60, dayjs().unix() - 900);
  tasks.music = await insertTask({
    user_id: userId,
    channel_id: 11,
    platform: 'suno',
    action: 'MUSIC',
    task_id: 'task-e2e-music',
    status: 'SUCCESS',
    progress: '100%',
    submit_time: submitted,
    finish_time: submitted + 42,
    created_at: submitted,
    data: JSON.stringify(TASK_DATA),
  });
  tasks.lyrics = await insertTask({
    user_id: userId,
    channel_id: 12,
    platform: 'suno',
    action: 'LYRICS',
    task_id: 'task-e2e-lyrics',
    status: 'FAILURE',
    progress: '100%',
    submit_time: submitted + 10,
    finish_time: submitted + 100,
    created_at: submitted + 10,
    fail_reason: FAIL_REASON,
  });
  tasks.yesterday = await insertTask({
    user_id: userId,
    channel_id: 11,
    platform: 'suno',
    action: 'MUSIC',
    task_id: 'task-e2e-yesterday',
    status: 'SUCCESS',
    progress: '100%',
    submit_time: midnight - 7200,
    finish_time: midnight - 7170,
    created_at: midnight - 7200,
  });
  tasks.root = await insertTask({
    user_id: rootId,
    channel_id: 12,
    platform: 'suno',
    action: 'MUSIC',
    task_id: 'task-e2e-root',
    status: 'IN_PROGRESS',
    progress: '30%',
    submit_time: submitted + 20,
    created_at: submitted + 20,
  });
  return { drawings, tasks };
}
