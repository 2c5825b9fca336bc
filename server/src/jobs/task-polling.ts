/**
 * Task polling on the master node (docs/tasks.md): every 15 s each platform's polling round
 * (server/src/relay/tasks/poll-loop.ts, as the platform's description says) refreshes its unfinished tasks
 * from their channels; a task still unfinished an hour after submission fails and is refunded. One run at
 * a time; a platform whose round fails does not stop the others.
 */
import type { AppContext } from '../context.ts';
import type { TaskPoller } from '../relay/tasks/finalize.ts';
import { midjourneyPoll, pollMidjourney } from '../relay/tasks/midjourney/poll.ts';
import { pollSuno, sunoPoll } from '../relay/tasks/suno/poll.ts';
import { pollVideos, videoPoll } from '../relay/tasks/video/poll.ts';

export const TASK_POLL_INTERVAL_MS = 15_000;
export const TASK_TIMEOUT_MS = 60 * 60_000;

/** Every platform's polling round, run in this order. */
const PLATFORM_ROUNDS: readonly { platform: string; round: TaskPoller }[] = [
  { platform: midjourneyPoll.platform, round: pollMidjourney },
  { platform: sunoPoll.platform, round: pollSuno },
  { platform: videoPoll.platform, round: pollVideos },
];

let running = false;

/** One polling round over every platform. */
export async function pollTasks(context: AppContext, now = Date.now()): Promise<void> {
  if (running) return;
  running = true;
  try {
    for (const { platform, round } of PLATFORM_ROUNDS)
      await round(context, TASK_TIMEOUT_MS, now).catch((error: unknown) =>
        context.logger.warn({ err: error, platform }, 'task polling failed'),
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
