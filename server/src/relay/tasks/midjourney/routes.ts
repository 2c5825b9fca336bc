/**
 * The Midjourney-Proxy surface (docs/tasks.md): `/mj/submit/*`, `/mj/insight-face/swap`, the task reads
 * (`/mj/task/{id}/fetch`, `/mj/task/list-by-condition`, `/mj/task/{id}/image-seed`) and the public image
 * proxy `/mj/image/{id}`, also under the mode prefixes `/mj-fast`, `/mj-turbo`, `/mj-relax`, and the
 * upstream's callbacks at `/mj/notify/{task id}/{secret}`. Ids are the gateway's own (./task-ids.ts). Keys
 * come in `mj-api-secret` or as a Bearer token; errors answer in Midjourney-Proxy's `{code, description}`
 * shape.
 */

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { serverAddressFor } from '../../../options/server-address.ts';
import { callerOf, keyFirst } from '../../http/auth.ts';
import { relayError } from '../../http/errors.ts';
import { errorRendererWith, readBody } from '../../http/format-surface.ts';
import { guardRelayScope } from '../../http/scope-guards.ts';
import { admitModel } from '../../routing/auto-group.ts';
import { actionModel, clearModes, readSubmission, SUBMIT_PATHS } from './actions.ts';
import { fetchSeed, relayImage } from './images.ts';
import { interceptHook, receiveCallback } from './notify.ts';
import { submitMidjourney } from './submit.ts';
import { issuedByGateway, looksLikeGatewayTaskId, newTaskId } from './task-ids.ts';
import { taskView } from './view.ts';

export const MODE_PREFIXES = ['', '/mj-fast', '/mj-turbo', '/mj-relax'] as const;

/** Midjourney-Proxy's error body: code 4 for a request the proxy refuses, 9 for a failure of its own. */
function mjError(error: { status: number; message: string }): unknown {
  return { code: error.status >= 500 ? 9 : 4, description: error.message, result: null };
}

/**
 * The gateway address image URLs are rewritten to (MjForwardUrlEnabled), or null: ServerAddress, else the
 * address this request was sent to. The answer goes back to the sender only, so a forged Host misleads no
 * one but the one who forged it (docs/tasks.md); callbacks, which reach others, never use it.
 */
function imageBase(context: AppContext, request: FastifyRequest): string | null {
  if (!context.options.getBoolean('MjForwardUrlEnabled')) return null;
  return serverAddressFor(context.options, request, context.config.port);
}

async function ownTasks(context: AppContext, userId: number, ids: readonly string[]) {
  if (ids.length === 0) return [];
  return context.database.db
    .selectFrom('midjourneys')
    .selectAll()
    .where('user_id', '=', userId)
    .where('mj_id', 'in', [...ids])
    .execute();
}

function registerMode(scope: FastifyInstance, context: AppContext, mode: string): void {
  const authenticated = { preParsing: keyFirst(context, 'midjourney') };
  const submit = (path: string) => async (request: FastifyRequest, reply: FastifyReply) => {
    const body = readBody(request);
    const submission = readSubmission(path, body);
    const caller = callerOf(request);
    admitModel(context, caller, actionModel(submission.action));
    // Choosing the upstream's Discord account is the operator's to allow (MjAccountFilterEnabled).
    if (!context.options.getBoolean('MjAccountFilterEnabled')) delete body.accountFilter;
    if (context.options.getBoolean('MjModeClearEnabled') && typeof body.prompt === 'string')
      body.prompt = clearModes(body.prompt);
    // The id clients will know the task by, issued before the upstream is asked (its callback URL has it).
    const taskId = newTaskId();
    const notify = interceptHook(context, body, taskId);
    const upstreamPath = path === 'swap' ? '/mj/insight-face/swap' : `/mj/submit/${path}`;
    const answer = await submitMidjourney(context, request, {
      caller,
      submission,
      body,
      mode,
      upstreamPath,
      taskId,
      notify,
    });
    return reply.code(200).send(answer);
  };
  for (const path of SUBMIT_PATHS) scope.post(`${mode}/mj/submit/${path}`, authenticated, submit(path));
  scope.post(`${mode}/mj/insight-face/swap`, authenticated, submit('swap'));

  scope.get<{ Params: { id: string } }>(`${mode}/mj/task/:id/fetch`, authenticated, async (request) => {
    const [row] = await ownTasks(context, callerOf(request).user.id, [request.params.id]);
    if (!row) throw relayError(404, 'task_not_found', `task ${request.params.id} not found`);
    return taskView(row, imageBase(context, request));
  });
  scope.post(`${mode}/mj/task/list-by-condition`, authenticated, async (request) => {
    const body = readBody(request);
    const ids = Array.isArray(body.ids) ? body.ids.filter((id): id is string => typeof id === 'string') : [];
    if (ids.length > 200) throw relayError(400, 'invalid_request', 'at most 200 ids at a time');
    const rows = await ownTasks(context, callerOf(request).user.id, ids);
    const base = imageBase(context, request);
    return rows.map((row) => taskView(row, base));
  });
  scope.get<{ Params: { id: string } }>(`${mode}/mj/task/:id/image-seed`, authenticated, async (request) => {
    const [row] = await ownTasks(context, callerOf(request).user.id, [request.params.id]);
    if (!row) throw relayError(404, 'task_not_found', `task ${request.params.id} not found`);
    return fetchSeed(context, row);
  });
  // Public, as Midjourney-Proxy serves it: the id is the capability (image URLs are shared as links), so
  // only the ids this gateway issued open it — never an upstream's guessable one (./task-ids.ts).
  scope.get<{ Params: { id: string } }>(`${mode}/mj/image/:id`, async (request, reply) => {
    const { id } = request.params;
    const row = looksLikeGatewayTaskId(id)
      ? await context.database.db
          .selectFrom('midjourneys')
          .select(['mj_id', 'image_url', 'channel_id', 'properties'])
          .where('mj_id', '=', id)
          .executeTakeFirst()
      : undefined;
    if (!row?.image_url || !issuedByGateway(row))
      throw relayError(404, 'image_not_found', `no image for task ${id}`);
    await relayImage(context, row.image_url, row.channel_id, reply);
  });
}

export async function registerMidjourneyRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  await app.register(async (scope) => {
    scope.setErrorHandler(errorRendererWith(mjError));
    guardRelayScope(scope, context, { allMethods: true });
    for (const mode of MODE_PREFIXES) registerMode(scope, context, mode);
    // The upstream's callbacks: no key, the task's id and its secret in the path (./notify.ts).
    scope.post<{ Params: { taskId: string; secret: string } }>(
      '/mj/notify/:taskId/:secret',
      async (request) => {
        await receiveCallback(context, request.params.taskId, request.params.secret);
        return { code: 1, description: 'ok' };
      },
    );
  });
}
