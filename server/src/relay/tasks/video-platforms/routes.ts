/**
 * new-api's generic video routes on the task engine (docs/tasks.md, "Video platforms"):
 * `POST /v1/video/generations` (new-api's task submission, answered with an OpenAI video object) and
 * `GET /v1/video/generations/{task_id}` (`{code: "success", data: <task>}`, the caller's rows only), and
 * Kling's own routes — `POST /kling/v1/videos/text2video|image2video` in Kling's request shape (its
 * fields become the submission's metadata, `model_name` its model) and `GET …/{task_id}` — answered as the
 * generic ones, as new-api does —, and Jimeng's `POST /jimeng/?Action=CVSync2AsyncSubmitTask|
 * CVSync2AsyncGetResult&Version=2022-08-31` in Jimeng's request shape, answered the same way. Errors in
 * new-api's task error shape `{code, message, data: null}`.
 */

import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { asString } from '../../canonical/helpers.ts';
import { callerOf, keyFirst, type RelayCaller } from '../../http/auth.ts';
import { relayError } from '../../http/errors.ts';
import { errorRendererWith, readBody } from '../../http/format-surface.ts';
import { guardRelayScope } from '../../http/scope-guards.ts';
import { readVideoRequest } from './request.ts';
import { submitVideo } from './submit.ts';
import { taskDto } from './view.ts';

function taskError(error: { code?: string | null; message: string }): unknown {
  return { code: error.code ?? 'error', message: error.message, data: null };
}

async function fetchTask(context: AppContext, caller: RelayCaller, taskId: string) {
  const row = await context.database.db
    .selectFrom('tasks')
    .selectAll()
    .where('user_id', '=', caller.user.id)
    .where('task_id', '=', taskId)
    .executeTakeFirst();
  if (!row) throw relayError(404, 'task_not_exist', `task ${taskId} does not exist`);
  return { code: 'success', message: '', data: taskDto(row) };
}

/** Jimeng's own request (`req_key` its model) as new-api's submission, its fields as metadata. */
function fromJimengShape(body: Record<string, unknown>): Record<string, unknown> {
  return { model: asString(body.req_key) ?? '', prompt: asString(body.prompt) ?? '', metadata: body };
}

/**
 * `POST /jimeng/?Action=…&Version=2022-08-31`, Jimeng's own API: CVSync2AsyncSubmitTask submits (in
 * Jimeng's request shape), CVSync2AsyncGetResult (`{task_id}`) reads the task back.
 */
async function jimengAction(context: AppContext, request: FastifyRequest) {
  const query = request.query as Record<string, unknown>;
  const body = readBody(request);
  if (query.Action === 'CVSync2AsyncSubmitTask')
    return submitVideo(context, callerOf(request), request.id, readVideoRequest(fromJimengShape(body)));
  if (query.Action === 'CVSync2AsyncGetResult') {
    const taskId = asString(body.task_id);
    if (!taskId) throw relayError(400, 'invalid_request', 'task_id is required for CVSync2AsyncGetResult');
    return fetchTask(context, callerOf(request), taskId);
  }
  throw relayError(400, 'invalid_request', 'Action must be CVSync2AsyncSubmitTask or CVSync2AsyncGetResult');
}

/** Kling's own request as new-api's submission: its fields as metadata, `model_name` (or `model`) its model. */
function fromKlingShape(body: Record<string, unknown>): Record<string, unknown> {
  return {
    model: asString(body.model_name) || asString(body.model) || '',
    prompt: asString(body.prompt) ?? '',
    metadata: body,
  };
}

export async function registerVideoPlatformRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler(errorRendererWith(taskError));
    guardRelayScope(scope, context);
    const authenticated = { preParsing: keyFirst(context, 'openai') };
    scope.post('/v1/video/generations', authenticated, (request) =>
      submitVideo(context, callerOf(request), request.id, readVideoRequest(readBody(request))),
    );
    scope.get<{ Params: { task_id: string } }>('/v1/video/generations/:task_id', authenticated, (request) =>
      fetchTask(context, callerOf(request), request.params.task_id),
    );
    scope.post('/jimeng', authenticated, (request) => jimengAction(context, request));
    for (const kind of ['text2video', 'image2video']) {
      scope.post(`/kling/v1/videos/${kind}`, authenticated, (request) =>
        submitVideo(
          context,
          callerOf(request),
          request.id,
          readVideoRequest(fromKlingShape(readBody(request))),
        ),
      );
      scope.get<{ Params: { task_id: string } }>(
        `/kling/v1/videos/${kind}/:task_id`,
        authenticated,
        (request) => fetchTask(context, callerOf(request), request.params.task_id),
      );
    }
  });
}
