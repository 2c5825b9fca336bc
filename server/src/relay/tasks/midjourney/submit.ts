/**
 * Midjourney on the task submit loop (../submit-loop.ts, docs/tasks.md): the platform's description and
 * one submission's — the parent task checked (it must be the caller's, and finished when
 * MjActionCheckSuccessEnabled) and named to the upstream by the upstream's id of it, its channel the only
 * one tried; the request under the client's mode prefix with the channel key in `mj-api-secret`; and what
 * Midjourney-Proxy's answer code means (1 submitted and 22 queued keep the charge, 21 answers an existing
 * task, others decline), the row stored under the gateway's own task id (the upstream's kept privately,
 * ./task-ids.ts) and the answer passed on with that id.
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { jsonContainsText } from '../../../db/like.ts';
import type { CachedChannel } from '../../cache/channel-cache.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import type { RelayCaller } from '../../http/auth.ts';
import { relayError } from '../../http/errors.ts';
import { channelBase, taskChannel } from '../channels.ts';
import { type ParentIds, UPSTREAM_ID_FIELD, withPrivateFields } from '../properties.ts';
import { submitTask, type TaskPlatform, type TaskReading } from '../submit-loop.ts';
import { actionModel, nameUpstreamParent, type Submission } from './actions.ts';
import { upstreamIdOf } from './task-ids.ts';

const ACCEPTED = new Set([1, 22]);

export interface SubmitInput {
  caller: RelayCaller;
  submission: Submission;
  body: Record<string, unknown>;
  /** The mode prefix the client used (`/mj-fast` …), kept towards the upstream. */
  mode: string;
  /** `/mj/submit/<path>` or `/mj/insight-face/swap`. */
  upstreamPath: string;
  /** The id clients will know the task by (./task-ids.ts). */
  taskId: string;
  /** The client's callback and the secret of the gateway's callback URL given to the upstream instead. */
  notify?: { secret: string; hook: string } | null;
}

/** The caller's parent task: its channel (which must serve) and its ids. */
async function parentTask(
  context: AppContext,
  caller: RelayCaller,
  parentId: string,
): Promise<{ channel: CachedChannel; ids: ParentIds }> {
  const parent = await context.database.db
    .selectFrom('midjourneys')
    .select(['channel_id', 'status', 'mj_id', 'properties'])
    .where('mj_id', '=', parentId)
    .where('user_id', '=', caller.user.id)
    .executeTakeFirst();
  if (!parent) throw relayError(400, 'task_not_found', `task ${parentId} not found`);
  if (context.options.getBoolean('MjActionCheckSuccessEnabled') && parent.status !== 'SUCCESS')
    throw relayError(
      400,
      'task_status_not_success',
      `task ${parentId} has not succeeded (${parent.status || 'submitting'})`,
    );
  const channel = taskChannel(context, parent.channel_id);
  if (channel?.status !== 1)
    throw relayError(503, 'channel_unavailable', `the channel of task ${parentId} is not available`);
  return { channel, ids: { id: parent.mj_id, upstreamId: upstreamIdOf(parent) } };
}

/** Midjourney-Proxy as the submit loop knows it: its channel types and its `{code, description}` errors. */
const MIDJOURNEY: TaskPlatform = {
  name: 'Midjourney',
  capability: 'mj',
  errorMessage: (body) => (isRecord(body) ? asString(body.description) : undefined),
};

/** Submits one Midjourney action through the task submit loop (../submit-loop.ts). */
export async function submitMidjourney(
  context: AppContext,
  request: FastifyRequest,
  input: SubmitInput,
): Promise<unknown> {
  const { caller, submission } = input;
  const parent = submission.parentId ? await parentTask(context, caller, submission.parentId) : null;
  if (parent) nameUpstreamParent(input.body, submission, parent.ids.upstreamId);
  return submitTask(context, {
    platform: MIDJOURNEY,
    caller,
    requestId: request.id,
    model: actionModel(submission.action),
    parentChannel: parent?.channel ?? null,
    request: (channel) => ({
      url: `${channelBase(channel)}${input.mode}${input.upstreamPath}`,
      headers: { 'mj-api-secret': channel.key },
      body: { json: input.body },
    }),
    read: (reply, channel) => readAnswer(context, input, channel, reply, parent?.ids ?? null),
  });
}

/**
 * What Midjourney-Proxy's answer code means: 1 (submitted) and 22 (queued) are accepted — the row stored
 * with the quota it cost; 21 names a task that exists already (nothing new: the answer names it by the id
 * the caller knows it by); any other code declines, and a task id in it is stored as a FAILURE row. Uploads
 * answer the images' URLs, not a task, and store nothing. Answers name tasks by the gateway's ids.
 */
function readAnswer(
  context: AppContext,
  input: SubmitInput,
  channel: CachedChannel,
  reply: Record<string, unknown>,
  parent: ParentIds | null,
): TaskReading {
  const code = typeof reply.code === 'number' ? reply.code : 0;
  const result = reply.result;
  const action = input.submission.action;
  const stored = action !== 'UPLOAD' && code !== 21 && typeof result === 'string' && result !== '';
  const store = async (status: 'SUBMITTED' | 'FAILURE', quota: number) => {
    if (!stored) return reply;
    await insertRow(context, input, channel, reply, { code, status, quota, upstreamId: result, parent });
    return { ...reply, result: input.taskId };
  };
  if (ACCEPTED.has(code))
    return {
      outcome: 'accepted',
      logExtra: { mj_action: action, mj_id: stored ? input.taskId : '' },
      store: (quota) => store('SUBMITTED', quota),
    };
  if (code === 21 && typeof result === 'string')
    return {
      outcome: 'declined',
      answer: async () => ({
        ...reply,
        result: await existingTaskId(context, input.caller, channel, result),
      }),
    };
  return { outcome: 'declined', answer: () => store('FAILURE', 0) };
}

/** The submission's `midjourneys` row, under the gateway's task id (the upstream's kept privately). */
async function insertRow(
  context: AppContext,
  input: SubmitInput,
  channel: CachedChannel,
  reply: Record<string, unknown>,
  row: { code: number; status: string; quota: number; upstreamId: string; parent: ParentIds | null },
): Promise<void> {
  const properties = isRecord(reply.properties) ? reply.properties : {};
  const accepted = row.status !== 'FAILURE';
  await context.database.db
    .insertInto('midjourneys')
    .values({
      code: row.code,
      user_id: input.caller.user.id,
      action: input.submission.action,
      mj_id: input.taskId,
      prompt: typeof input.body.prompt === 'string' ? input.body.prompt : null,
      description: asString(reply.description) ?? null,
      state: typeof input.body.state === 'string' ? input.body.state : null,
      submit_time: Date.now(),
      status: row.status,
      progress: '0%',
      fail_reason: accepted ? null : (asString(reply.description) ?? `code ${row.code}`),
      channel_id: channel.id,
      quota: row.quota,
      properties: withPrivateFields(properties, {
        tokenId: input.caller.token?.id ?? null,
        notify: input.notify ?? null,
        upstreamId: row.upstreamId,
        parent: row.parent,
      }),
    })
    .execute();
}

/**
 * The id the caller knows an existing task by (code 21 names it by the upstream's id): among the caller's
 * tasks on that channel, the one kept with that upstream id, or an adopted one with that id; else null.
 */
async function existingTaskId(
  context: AppContext,
  caller: RelayCaller,
  channel: CachedChannel,
  upstreamId: string,
): Promise<string | null> {
  const rows = await context.database.db
    .selectFrom('midjourneys')
    .select(['mj_id', 'properties'])
    .where('user_id', '=', caller.user.id)
    .where('channel_id', '=', channel.id)
    .where((where) =>
      where.or([
        where('mj_id', '=', upstreamId),
        jsonContainsText(
          'properties',
          `"${UPSTREAM_ID_FIELD}":${JSON.stringify(upstreamId)}`,
          context.database.dialect,
        ),
      ]),
    )
    .limit(10)
    .execute();
  return rows.find((row) => upstreamIdOf(row) === upstreamId)?.mj_id ?? null;
}
