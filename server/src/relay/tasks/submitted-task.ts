/**
 * The `tasks` row of a task the upstream accepted (Suno, OpenAI's video API, the video platforms): stored by
 * the submit loop's `store` step (./submit-loop.ts) with the quota it cost, SUBMITTED at 0%, the key that paid
 * kept among the private properties (./properties.ts) for refunds.
 */
import type { AppContext } from '../../context.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import type { RelayCaller } from '../http/auth.ts';
import { withPrivateFields } from './properties.ts';

export interface SubmittedTask {
  taskId: string;
  /** `tasks.platform`: 'suno', 'openai', or a video platform's channel type id. */
  platform: string;
  action: string;
  properties: Record<string, unknown>;
  /** The upstream's answer, kept as `tasks.data`. */
  data?: unknown;
}

/** Stores the row; resolves its submit time (Unix seconds). */
export async function storeSubmittedTask(
  context: AppContext,
  caller: RelayCaller,
  channel: CachedChannel,
  quota: number,
  task: SubmittedTask,
): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  await context.database.db
    .insertInto('tasks')
    .values({
      created_at: now,
      updated_at: now,
      task_id: task.taskId,
      platform: task.platform,
      user_id: caller.user.id,
      channel_id: channel.id,
      quota,
      action: task.action,
      status: 'SUBMITTED',
      submit_time: now,
      progress: '0%',
      properties: withPrivateFields(task.properties, { tokenId: caller.token?.id ?? null }),
      ...(task.data === undefined ? {} : { data: JSON.stringify(task.data) }),
    })
    .execute();
  return now;
}
