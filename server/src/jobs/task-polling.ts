/**
 * Task polling on the master node (docs/tasks.md): every 15 s the unfinished asynchronous tasks of each
 * platform are refreshed from their channels; a task still unfinished an hour after submission fails and
 * is refunded. One run at a time.
 */
import type { AppContext } from '../context.ts';
import { pollMidjourney } from '../relay/tasks/midjourney/poll.ts';
import { pollSuno } from '../relay/tasks/suno/poll.ts';
import { pollVideos } from '../relay/tasks/video/poll.ts';

export const TASK_POLL_INTERVAL_MS = 15_000;
export const TASK_TIMEOUT_MS = 60 * 60_000;

let running = false;

/** One polling round over every platform. */
export async function pollTasks(context: AppContext, now = Date.now()): Promise<void> {
  if (running) return;
  running = true;
  try {
    await pollMidjourney(context, TASK_TIMEOUT_MS, now).catch((error: unknown) =>
      context.logger.warn({ err: error }, 'Midjourney task polling failed'),
    );
    await pollSuno(context, TASK_TIMEOUT_MS, now).catch((error: unknown) =>
      context.logger.warn({ err: error }, 'Suno task polling failed'),
    );
    await pollVideos(context, TASK_TIMEOUT_MS, now).catch((error: unknown) =>
      context.logger.warn({ err: error }, 'video task polling failed'),
    );
  } finally {
    running = false;
  }
}

export function scheduleTaskPolling(context: AppContext): () => void {
  const timer = setInterval(() => void pollTasks(context), TASK_POLL_INTERVAL_MS);
  timer.unref();
  return () => clearInterval(timer);
}
