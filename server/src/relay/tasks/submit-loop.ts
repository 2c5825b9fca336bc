/**
 * The one submit step of every task platform (docs/tasks.md, "The engine"). A platform describes a
 * submission — its price key and units, the channel types that serve it (or the one channel of the parent
 * task it acts on), the upstream request for a channel, what a 2xx answer means, the row it stores — and
 * this step does the rest, the same way for all: the price reserved before anything is sent; a channel
 * chosen by the relay's chooser; a retryable failure (server/src/relay/routing/health.ts isRetryable,
 * judged after the channel's status-code mapping) moving on to another channel up to RetryTimes more
 * times — never for a pinned key or an action on a parent task; a refusal answered at once; the
 * reservation kept (with its consumption log row) exactly when a channel accepted the task and its row is
 * stored, and given back on every other ending.
 */

import type { TaskCapability } from '../../../../common/channel-types.ts';
import type { AppContext } from '../../context.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { isRecord } from '../canonical/helpers.ts';
import type { RelayCaller } from '../http/auth.ts';
import { maskSecrets, relayError } from '../http/errors.ts';
import { isRetryable, mapStatus } from '../routing/health.ts';
import { reserveTask } from './billing.ts';
import { chooseTaskChannel } from './channels.ts';
import { sendTaskRequest, type TaskRequest } from './submit-request.ts';

export type { TaskRequest };

/** What every submission of a platform shares. */
export interface TaskPlatform {
  /** Its name in messages ("no available Suno channel …") and refund logs. */
  name: string;
  /** What its channels must serve, as the relay's chooser (./channels.ts chooseTaskChannel) names it. */
  capability: TaskCapability;
  /** The message of an error answer (HTTP ≥ 400) in the platform's error shape, when it has one. */
  errorMessage(body: unknown): string | undefined;
}

/** What a 2xx answer (a JSON object) of the upstream means. */
export type TaskReading =
  /** The upstream took the task: `store` writes its row (with the quota it cost) and gives the answer. */
  | { outcome: 'accepted'; logExtra: Record<string, unknown>; store(quota: number): Promise<unknown> }
  /** It answered without taking a task (Midjourney-Proxy's other codes): nothing is kept; the answer. */
  | { outcome: 'declined'; answer(): Promise<unknown> }
  /** It refused the task: nothing is kept, no other channel is asked, the client gets the status. */
  | { outcome: 'refused'; status: number; message: string };

/** One submission, as its platform describes it. */
export interface TaskSubmission {
  platform: TaskPlatform;
  caller: RelayCaller;
  requestId: string;
  /** The model whose per-call price the task costs … */
  model: string;
  /** … this many times (a video's seconds); 1 when omitted. */
  units?: number;
  /** The channel of the parent task the submission acts on: the only channel tried, once. */
  parentChannel?: CachedChannel | null;
  /** The upstream request at `channel` (a failure of the channel when it throws: a key it cannot sign with). */
  request(channel: CachedChannel): TaskRequest | Promise<TaskRequest>;
  /** What the upstream's 2xx answer (a JSON object) means. */
  read(body: Record<string, unknown>, channel: CachedChannel): TaskReading | Promise<TaskReading>;
}

/** A channel's failure: `refused` when the upstream said no (answered at once), else judged for a retry. */
interface AttemptFailure {
  outcome: 'failed';
  status: number;
  message: string;
  refused: boolean;
}

type Attempt = Exclude<TaskReading, { outcome: 'refused' }> | AttemptFailure;

/** Asks `channel` for the task: what it answered, or how it failed (status 0: not reached). */
async function attempt(
  context: AppContext,
  submission: TaskSubmission,
  channel: CachedChannel,
): Promise<Attempt> {
  const secrets = [channel.key];
  let answer: Awaited<ReturnType<typeof sendTaskRequest>>;
  try {
    answer = await sendTaskRequest(context, channel, await submission.request(channel));
  } catch (error) {
    const message = maskSecrets(`channel #${channel.id}: ${(error as Error).message}`, secrets);
    return { outcome: 'failed', status: 0, message, refused: false };
  }
  if (answer.status >= 400) {
    const status = mapStatus(answer.status, channel.statusCodeMapping);
    const refused = status >= 400 && status < 500 && !isRetryable(status);
    const said = refused ? submission.platform.errorMessage(answer.body) : undefined;
    const message = said
      ? maskSecrets(said, secrets)
      : refused
        ? `HTTP ${answer.status}`
        : `channel #${channel.id} answered HTTP ${answer.status}`;
    return { outcome: 'failed', status, message, refused };
  }
  if (answer.status >= 300 || !isRecord(answer.body)) {
    // A redirect (never followed: its target was not checked) or an answer that cannot be read.
    const message = `channel #${channel.id} answered HTTP ${answer.status}`;
    return { outcome: 'failed', status: 502, message, refused: false };
  }
  const reading = await submission.read(answer.body, channel);
  if (reading.outcome !== 'refused') return reading;
  return { ...reading, outcome: 'failed', message: maskSecrets(reading.message, secrets), refused: true };
}

/** How many channels a submission may try: one when the channel is fixed, else 1 + RetryTimes. */
function attemptsOf(context: AppContext, submission: TaskSubmission): number {
  if (submission.parentChannel || submission.caller.pinnedChannelId !== null) return 1;
  return 1 + Math.max(0, context.options.getNumber('RetryTimes'));
}

/** The error a submission ends with when no channel took it. */
function endingError(submission: TaskSubmission, failure: AttemptFailure | null): Error {
  if (failure?.refused) return relayError(failure.status, 'upstream_refused', failure.message);
  if (failure) return relayError(503, 'upstream_unavailable', failure.message);
  const { platform, model, caller } = submission;
  return relayError(
    503,
    'model_not_found',
    `no available ${platform.name} channel for model ${model} in group ${caller.usingGroup}`,
  );
}

/**
 * Submits a task: reserves its price, asks channels in turn as the relay does, and keeps the reservation
 * when one accepts (its row stored first) or gives it back; the client's answer, or the error to send.
 */
export async function submitTask(context: AppContext, submission: TaskSubmission): Promise<unknown> {
  const { caller, model } = submission;
  const reservation = await reserveTask(context, caller, model, submission.requestId, submission.units);
  const tried: number[] = [];
  let failure: AttemptFailure | null = null;
  try {
    const attempts = attemptsOf(context, submission);
    for (let index = 0; index < attempts; index += 1) {
      const channel =
        submission.parentChannel ??
        chooseTaskChannel(context, caller, model, submission.platform.capability, tried);
      if (!channel) break;
      tried.push(channel.id);
      const result = await attempt(context, submission, channel);
      if (result.outcome === 'accepted') {
        // The row first: a task the gateway could not record is not charged.
        const answer = await result.store(reservation.quota);
        reservation.confirm(channel, result.logExtra);
        return answer;
      }
      if (result.outcome === 'declined') {
        reservation.release();
        return await result.answer();
      }
      failure = result;
      if (result.refused || !isRetryable(result.status)) break;
    }
  } catch (error) {
    // A reservation settles once (billing.ts): after a confirm or a release this changes nothing.
    reservation.release();
    throw error;
  }
  reservation.release();
  throw endingError(submission, failure);
}
