/**
 * The state columns of a drawing or task row (server/src/db/schema.ts, `midjourneys` and `tasks`) as
 * replies show them: the bigint times as numbers, no failure as ''. The console's views
 * (server/src/api/tasks/view.ts) and the Suno API's task object (server/src/relay/tasks/suno/view.ts)
 * both show them so.
 */
import type { MidjourneyRow, TaskRow } from '../db/schema.ts';

export function taskStateFields(row: MidjourneyRow | TaskRow) {
  return {
    action: row.action,
    status: row.status,
    fail_reason: row.fail_reason ?? '',
    submit_time: Number(row.submit_time),
    start_time: Number(row.start_time),
    finish_time: Number(row.finish_time),
    progress: row.progress,
  };
}
