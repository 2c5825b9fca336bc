/**
 * What a video platform is to the task engine (docs/tasks.md, "Video platforms"): from a normalised video
 * request (new-api's task submission: prompt, model, images, duration, size, metadata) it builds the
 * upstream submission for a channel, reads the upstream's task id from the answer, reads a task at its
 * channel, maps the upstream's task to the row's status and progress, finds the video's URL and says how
 * many units of the model price a request costs. The routes (./routes.ts), the submission (./submit.ts)
 * and the polling (./poll.ts) are shared by every platform; each platform is one file beside this one.
 */
import type { TaskCapability } from '../../../../../common/channel-types.ts';
import type { AppContext } from '../../../context.ts';
import type { TaskRow } from '../../../db/schema.ts';
import type { CachedChannel } from '../../cache/channel-cache.ts';
import type { TaskRequest } from '../submit-request.ts';

/**
 * new-api's task actions (constant/task.go): image to video, text to video, first and last frame, reference
 * images.
 */
export type VideoAction = 'generate' | 'textGenerate' | 'firstTailGenerate' | 'referenceGenerate';

/** A video submission as new-api's generic route takes it (relay/common TaskSubmitReq), checked. */
export interface VideoRequest {
  model: string;
  prompt: string;
  mode: string;
  /** The input images (URLs or base64), first frame first; empty for text to video. */
  images: string[];
  size: string;
  /** Seconds asked for (`duration`, or `seconds`); 0 when the client left it to the platform. */
  duration: number;
  /** Platform-specific fields, passed on as the platform's own request fields. */
  metadata: Record<string, unknown>;
  action: VideoAction;
}

/** A task's state as the platform reports it. */
export interface VideoTaskState {
  /** One of the task statuses: SUBMITTED, QUEUED, IN_PROGRESS, SUCCESS, FAILURE (UNKNOWN otherwise). */
  status: string;
  /** 0–100, when the platform says; else derived from the status. */
  progress?: number;
  reason?: string;
}

/** The upstream's answer to a submission: its task id, or why it took none. */
export type SubmitAnswer = { taskId: string } | { refused: string };

export interface VideoPlatform {
  /** A product name (messages, refund logs). */
  name: string;
  /** The capability its channels serve (common/channel-types-video.ts). */
  capability: TaskCapability;
  /** The channel types that serve it (the row's `platform` is the type's id, as new-api stores it). */
  types: readonly number[];
  /** Whether a model name is the platform's (the generic route picks the platform by the model). */
  ownsModel(model: string): boolean;
  /** Units of the model price the request costs: 1 when priced per call, its seconds when per second. */
  units(request: VideoRequest): number;
  /** The task's action where the platform tells more kinds apart than image or text to video. */
  action?(request: VideoRequest): VideoAction;
  /** Why the request cannot go to this platform (a 400 before anything is reserved), or null. */
  requestProblem?(request: VideoRequest): string | null;
  /** The submission at `channel`; throws (a failure of the channel) when the channel's key cannot be used. */
  submit(channel: CachedChannel, request: VideoRequest): Promise<TaskRequest> | TaskRequest;
  /** The message of an error answer, in the platform's error shape. */
  errorMessage(body: unknown): string | undefined;
  /** The task id of an accepted submission, or why there is none. */
  submitted(reply: Record<string, unknown>): SubmitAnswer;
  /** The upstream's task object for `row` at `channel`, or null when it cannot answer now. */
  read(context: AppContext, channel: CachedChannel, upstreamId: string, row: TaskRow): Promise<unknown>;
  /** The status mapping of an upstream task object. */
  state(task: Record<string, unknown>): VideoTaskState;
  /** The finished video's URL in an upstream task object, or '' (none, or served through the gateway). */
  videoUrl(task: unknown): string;
  /** Headers the video's URL must be fetched with (the channel's key), when it is not a signed link. */
  contentHeaders?(channel: CachedChannel): Record<string, string>;
}

/** new-api's progress for a status the platform gives no number for (relay/relay_task.go). */
export function progressOf(state: VideoTaskState): number {
  if (state.progress !== undefined) return Math.max(0, Math.min(100, Math.round(state.progress)));
  switch (state.status) {
    case 'SUCCESS':
    case 'FAILURE':
      return 100;
    case 'IN_PROGRESS':
      return 30;
    case 'QUEUED':
      return 20;
    case 'SUBMITTED':
      return 10;
    default:
      return 0;
  }
}

/** The channel's base URL without a trailing slash, or the platform's default. */
export function baseOf(channel: CachedChannel, fallback: string): string {
  return (channel.baseUrl || fallback).replace(/\/+$/, '');
}
