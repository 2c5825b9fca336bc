/**
 * The Suno surface (docs/tasks.md): `POST /suno/submit/music` and `/suno/submit/lyrics` relayed to a Suno
 * channel (type 36) through the task submit loop (../submit-loop.ts) and charged `suno_music` /
 * `suno_lyrics`; `POST /suno/fetch` (`{ids}`) and `GET /suno/fetch/{id}` answered from the gateway's rows
 * (the caller's only). Answers and errors use the Suno API's `{code, message, data}` shape.
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import type { CachedChannel } from '../../cache/channel-cache.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import { callerOf, keyFirst, type RelayCaller } from '../../http/auth.ts';
import { relayError } from '../../http/errors.ts';
import { errorRendererWith, readBody } from '../../http/format-surface.ts';
import { guardRelayScope } from '../../http/scope-guards.ts';
import { admitModel } from '../../routing/auto-group.ts';
import { channelBase } from '../channels.ts';
import { submitTask, type TaskPlatform, type TaskReading } from '../submit-loop.ts';
import { storeSubmittedTask } from '../submitted-task.ts';
import { sunoTaskView } from './view.ts';

const ACTIONS = { music: 'MUSIC', lyrics: 'LYRICS' } as const;

function sunoError(error: { status: number; code?: string | null; message: string }): unknown {
  return { code: error.code ?? 'error', message: error.message, data: null };
}

function checkBody(kind: keyof typeof ACTIONS, body: Record<string, unknown>): void {
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : '');
  if (kind === 'lyrics' && !text('prompt')) throw relayError(400, 'invalid_request', 'prompt is required');
  if (kind === 'music' && !text('prompt') && !text('gpt_description_prompt'))
    throw relayError(400, 'invalid_request', 'prompt or gpt_description_prompt is required');
}

/** The Suno API as the submit loop knows it: its channel type and its `{code, message}` errors. */
const SUNO: TaskPlatform = {
  name: 'Suno',
  capability: 'suno',
  errorMessage: (body) => (isRecord(body) ? asString(body.message) : undefined),
};

/**
 * What the Suno API's answer means: `{code: "success", data: <task id>}` is accepted — the `tasks` row
 * stored with the quota it cost — anything else is a refusal (502 with the upstream's message).
 */
function readAnswer(
  context: AppContext,
  caller: RelayCaller,
  kind: keyof typeof ACTIONS,
  body: Record<string, unknown>,
  reply: Record<string, unknown>,
  channel: CachedChannel,
): TaskReading {
  const taskId = asString(reply.data);
  if (reply.code !== 'success' || !taskId)
    return {
      outcome: 'refused',
      status: 502,
      message: asString(reply.message) ?? 'the Suno API answered without a task id',
    };
  return {
    outcome: 'accepted',
    logExtra: { task_platform: 'suno', task_id: taskId },
    async store(quota) {
      await storeSubmittedTask(context, caller, channel, quota, {
        taskId,
        platform: 'suno',
        action: ACTIONS[kind],
        properties: { input: body },
      });
      return { code: 'success', message: '', data: taskId };
    },
  };
}

function submit(context: AppContext, request: FastifyRequest, kind: keyof typeof ACTIONS) {
  const body = readBody(request);
  checkBody(kind, body);
  const caller = callerOf(request);
  const model = `suno_${kind}`;
  admitModel(context, caller, model);
  return submitTask(context, {
    platform: SUNO,
    caller,
    requestId: request.id,
    model,
    request: (channel) => ({
      url: `${channelBase(channel)}/suno/submit/${kind}`,
      headers: { authorization: `Bearer ${channel.key}` },
      body: { json: body },
    }),
    read: (reply, channel) => readAnswer(context, caller, kind, body, reply, channel),
  });
}

async function ownTasks(context: AppContext, userId: number, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return context.database.db
    .selectFrom('tasks')
    .selectAll()
    .where('platform', '=', 'suno')
    .where('user_id', '=', userId)
    .where('task_id', 'in', [...ids])
    .execute();
}

export async function registerSunoRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler(errorRendererWith(sunoError));
    guardRelayScope(scope, context, { allMethods: true });
    const authenticated = { preParsing: keyFirst(context, 'openai') };
    for (const kind of Object.keys(ACTIONS) as (keyof typeof ACTIONS)[])
      scope.post(`/suno/submit/${kind}`, authenticated, (request) => submit(context, request, kind));
    scope.post('/suno/fetch', authenticated, async (request) => {
      const body = readBody(request);
      const ids = Array.isArray(body.ids)
        ? body.ids.filter((id): id is string => typeof id === 'string')
        : [];
      if (ids.length > 200) throw relayError(400, 'invalid_request', 'at most 200 ids at a time');
      const rows = await ownTasks(context, callerOf(request).user.id, ids);
      return { code: 'success', message: '', data: rows.map(sunoTaskView) };
    });
    scope.get<{ Params: { id: string } }>('/suno/fetch/:id', authenticated, async (request) => {
      const [row] = await ownTasks(context, callerOf(request).user.id, [request.params.id]);
      if (!row) throw relayError(404, 'task_not_found', `task ${request.params.id} not found`);
      return { code: 'success', message: '', data: sunoTaskView(row) };
    });
  });
}
