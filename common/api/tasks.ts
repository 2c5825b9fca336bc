/**
 * Rows of the drawing log (`GET /api/mj/`, table `midjourneys`) and of the task log (`GET /api/task/`, table
 * `tasks`) as the console reads them. Built by server/src/api/tasks/view.ts, shown by web/src/pages/midjourney/
 * and web/src/pages/tasks/. Times: see docs/decisions/0011-task-log-lists.md.
 */

/** One drawing (Midjourney) task. */
export interface MidjourneyView {
  id: number;
  /** Unix seconds of the submission (`midjourneys` has no created_at column: submit_time / 1000). */
  created_at: number;
  user_id: number;
  /** Submit result of the upstream: 1 submitted, 21 waiting, 22 duplicate, 0 not submitted. */
  code: number;
  /** IMAGINE, UPSCALE, VARIATION, DESCRIBE, BLEND, … */
  action: string;
  /**
   * The task id its user knows: the gateway's own (32 random digits) for the tasks it submitted, the
   * upstream's for rows adopted from a new-api database (docs/tasks.md "Task ids").
   */
  mj_id: string;
  prompt: string;
  prompt_en: string;
  description: string;
  /** Unix milliseconds. */
  submit_time: number;
  /** Unix milliseconds, 0 until started. */
  start_time: number;
  /** Unix milliseconds, 0 until finished. */
  finish_time: number;
  /**
   * The upstream's address, or this site's `/mj/image/<mj_id>` when MjForwardUrlEnabled is on and the id is
   * the gateway's own (rows adopted from new-api keep the upstream's address).
   */
  image_url: string;
  video_url: string;
  /** NOT_START, SUBMITTED, IN_PROGRESS, SUCCESS, FAILURE, MODAL, or empty. */
  status: string;
  /** A percentage such as '50%'. */
  progress: string;
  fail_reason: string;
  quota: number;
  /** Admin view only. */
  channel_id?: number;
}

/** One asynchronous task of another platform (Suno music and lyrics). */
export interface TaskView {
  id: number;
  /** Unix seconds. */
  created_at: number;
  /** Unix seconds. */
  updated_at: number;
  task_id: string;
  /** suno */
  platform: string;
  user_id: number;
  /** Admin view only. */
  channel_id?: number;
  quota: number;
  /** MUSIC, LYRICS */
  action: string;
  /** NOT_START, SUBMITTED, QUEUED, IN_PROGRESS, SUCCESS, FAILURE, UNKNOWN, or empty (being submitted). */
  status: string;
  fail_reason: string;
  /** Unix seconds. */
  submit_time: number;
  /** Unix seconds, 0 until started. */
  start_time: number;
  /** Unix seconds, 0 until finished. */
  finish_time: number;
  /** A percentage such as '50%'. */
  progress: string;
  /** The stored JSON text parsed (the stored text itself when it is not JSON; null when empty). */
  properties: unknown;
  /** The upstream's task data: stored JSON text parsed, as properties. */
  data: unknown;
  /** A video platform's finished task: its video's address (server/src/relay/tasks/video-platforms/). */
  result_url?: string;
}
