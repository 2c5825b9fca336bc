/**
 * new-api's generic video routes on the task engine (docs/tasks.md, "Video platforms"):
 * `POST /v1/video/generations` (new-api's task submission, answered with an OpenAI video object) and
 * `GET /v1/video/generations/{task_id}` (`{code: "success", data: <task>}`, the caller's rows only), and
 * Kling's own routes — `POST /kling/v1/videos/text2video|image2video` in Kling's request shape (its
 * fields become the submission's metadata, `model_name` its model) and `GET …/{task_id}` — answered as the
 * generic ones, as new-api does. Errors in new-api's task error shape `{code, message, data: null}`.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { asString } from '../../canonical/helpers.ts';
import { callerOf, keyFirst } from '../../http/auth.ts';
import { relayError } from '../../http/errors.ts';
import { errorRendererWith, readBody } from '../../http/format-surface.ts';
import { readVideoRequest } from './request.ts';
import { submitVideo } from './submit.ts';
import { taskDto } from './view.ts';

function taskError(error: { code?: string | null; message: string }): unknown {
  return { code: error.code ?? 'error', message: error.message, data: null };
}

async function fetchTask(context: AppContext, request: FastifyRequest<{ Params: { task_id: string } }>) {
  const row = await context.database.db
    .selectFrom('tasks')
    .selectAll()
    .where('user_id', '=', callerOf(request).user.id)
    .where('task_id', '=', request.params.task_id)
    .executeTakeFirst();
  if (!row) throw relayError(404, 'task_not_exist', `task ${request.params.task_id} does not exist`);
  return { code: 'success', message: '', data: taskDto(row) };
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
    const authenticated = { preParsing: keyFirst(context, 'openai') };
    scope.post('/v1/video/generations', authenticated, (request) =>
      submitVideo(context, callerOf(request), request.id, readVideoRequest(readBody(request))),
    );
    scope.get<{ Params: { task_id: string } }>('/v1/video/generations/:task_id', authenticated, (request) =>
      fetchTask(context, request),
    );
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
        (request) => fetchTask(context, request),
      );
    }
  });
}
