/**
 * One Midjourney submission end to end (docs/tasks.md): the parent task checked (it must be the caller's,
 * and finished when MjActionCheckSuccessEnabled) and named to the upstream by the upstream's id of it, the
 * action's price reserved, the channel chosen (the parent's own, or a Midjourney channel of the caller's
 * group, trying others on connection failures and 5xx), the upstream's answer stored as a `midjourneys`
 * row under the gateway's own task id (the upstream's kept privately, ./task-ids.ts) and passed on with
 * that id. Codes 1 (submitted) and 22 (queued) keep the charge; any other code releases it (21 answers an
 * existing task: nothing new, and the answer names it by the id the caller knows it by).
 */
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { containsText } from '../../../db/like.ts';
import type { RelayCaller } from '../../auth.ts';
import type { CachedChannel } from '../../cache/channel-cache.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import { maskSecrets, relayError } from '../../errors.ts';
import { reserveTask } from '../billing.ts';
import { channelBase, chooseTaskChannel, exchangeJson } from '../channels.ts';
import { type ParentIds, UPSTREAM_ID_FIELD, withPrivateFields } from '../properties.ts';
import { actionModel, nameUpstreamParent, type Submission } from './actions.ts';
import { upstreamIdOf } from './task-ids.ts';

/** Midjourney Proxy (2) and Midjourney Proxy Plus (5). */
export const MIDJOURNEY_CHANNEL_TYPES: ReadonlySet<number> = new Set([2, 5]);
const ACCEPTED = new Set([1, 22]);
const MAX_ATTEMPTS = 3;

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
  const channel = context.channelCache.get(parent.channel_id);
  if (channel?.status !== 1)
    throw relayError(503, 'channel_unavailable', `the channel of task ${parentId} is not available`);
  return { channel, ids: { id: parent.mj_id, upstreamId: upstreamIdOf(parent) } };
}

export async function submitTask(
  context: AppContext,
  request: FastifyRequest,
  input: SubmitInput,
): Promise<unknown> {
  const { caller, submission } = input;
  const model = actionModel(submission.action);
  const parent = submission.parentId ? await parentTask(context, caller, submission.parentId) : null;
  if (parent) nameUpstreamParent(input.body, submission, parent.ids.upstreamId);
  const fixed = parent?.channel ?? null;
  const reservation = await reserveTask(context, caller, model, request.id);
  const tried: number[] = [];
  let lastFailure = `no Midjourney channel serves ${model} in group ${caller.usingGroup}`;
  try {
    for (let attempt = 0; attempt < (fixed ? 1 : MAX_ATTEMPTS); attempt += 1) {
      const channel = fixed ?? chooseTaskChannel(context, caller, model, MIDJOURNEY_CHANNEL_TYPES, tried);
      if (!channel) break;
      tried.push(channel.id);
      let answer: Awaited<ReturnType<typeof exchangeJson>>;
      try {
        answer = await exchangeJson(context, channel, {
          url: `${channelBase(channel)}${input.mode}${input.upstreamPath}`,
          method: 'POST',
          headers: { 'mj-api-secret': channel.key },
          body: input.body,
        });
      } catch (error) {
        lastFailure = maskSecrets(`channel #${channel.id}: ${(error as Error).message}`, [channel.key]);
        continue;
      }
      if (answer.status >= 500 || !isRecord(answer.body)) {
        lastFailure = `channel #${channel.id} answered HTTP ${answer.status}`;
        continue;
      }
      if (answer.status >= 400) {
        const message =
          asString((answer.body as Record<string, unknown>).description) ?? `HTTP ${answer.status}`;
        throw relayError(answer.status, 'upstream_refused', maskSecrets(message, [channel.key]));
      }
      return await record(context, input, channel, answer.body, reservation, parent?.ids ?? null);
    }
  } catch (error) {
    reservation.release();
    throw error;
  }
  reservation.release();
  throw relayError(503, 'upstream_unavailable', lastFailure);
}

/**
 * Stores the submission's row and keeps or releases the charge by the upstream's code; the answer for the
 * client (its `result` the gateway's task id).
 */
async function record(
  context: AppContext,
  input: SubmitInput,
  channel: CachedChannel,
  reply: Record<string, unknown>,
  reservation: Awaited<ReturnType<typeof reserveTask>>,
  parent: ParentIds | null,
): Promise<Record<string, unknown>> {
  const code = typeof reply.code === 'number' ? reply.code : 0;
  const accepted = ACCEPTED.has(code);
  const result = reply.result;
  const action = input.submission.action;
  // Uploads answer the images' URLs, not a task; an existing task (21) is not a new one.
  const stored = action !== 'UPLOAD' && code !== 21 && typeof result === 'string' && result !== '';
  if (accepted) reservation.confirm(channel, { mj_action: action, mj_id: stored ? input.taskId : '' });
  else reservation.release();
  if (code === 21 && typeof result === 'string')
    return { ...reply, result: await existingTaskId(context, input.caller, channel, result) };
  if (!stored) return reply;
  const properties = isRecord(reply.properties) ? reply.properties : {};
  const tokenId = input.caller.token?.id;
  await context.database.db
    .insertInto('midjourneys')
    .values({
      code,
      user_id: input.caller.user.id,
      action,
      mj_id: input.taskId,
      prompt: typeof input.body.prompt === 'string' ? input.body.prompt : null,
      description: asString(reply.description) ?? null,
      state: typeof input.body.state === 'string' ? input.body.state : null,
      submit_time: Date.now(),
      status: accepted ? 'SUBMITTED' : 'FAILURE',
      progress: '0%',
      fail_reason: accepted ? null : (asString(reply.description) ?? `code ${code}`),
      channel_id: channel.id,
      quota: accepted ? reservation.quota : 0,
      properties: withPrivateFields(properties, {
        tokenId: tokenId ?? null,
        notify: input.notify ?? null,
        upstreamId: result,
        parent,
      }),
    })
    .execute();
  return { ...reply, result: input.taskId };
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
        containsText('properties', `"${UPSTREAM_ID_FIELD}":${JSON.stringify(upstreamId)}`),
      ]),
    )
    .limit(10)
    .execute();
  return rows.find((row) => upstreamIdOf(row) === upstreamId)?.mj_id ?? null;
}
