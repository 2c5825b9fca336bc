/**
 * The Suno surface (docs/tasks.md): `POST /suno/submit/music` and `/suno/submit/lyrics` relayed to a Suno
 * channel (type 36) and charged `suno_music` / `suno_lyrics`; `POST /suno/fetch` (`{ids}`) and
 * `GET /suno/fetch/{id}` answered from the gateway's rows (the caller's only). Answers and errors use the
 * Suno API's `{code, message, data}` shape.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { callerOf, keyFirst } from '../../auth.ts';
import type { CachedChannel } from '../../cache/channel-cache.ts';
import { asString, isRecord } from '../../canonical/helpers.ts';
import { maskSecrets, relayError } from '../../errors.ts';
import { errorRendererWith, readBody } from '../../format-surface.ts';
import { admitModel } from '../../routing/auto-group.ts';
import { reserveTask } from '../billing.ts';
import { channelBase, chooseTaskChannel, exchangeJson } from '../channels.ts';
import { withPrivateFields } from '../properties.ts';
import { sunoTaskView } from './view.ts';

export const SUNO_CHANNEL_TYPES: ReadonlySet<number> = new Set([36]);
const ACTIONS = { music: 'MUSIC', lyrics: 'LYRICS' } as const;
const MAX_ATTEMPTS = 3;

function sunoError(error: { status: number; code?: string | null; message: string }): unknown {
  return { code: error.code ?? 'error', message: error.message, data: null };
}

function checkBody(kind: keyof typeof ACTIONS, body: Record<string, unknown>): void {
  const text = (name: string) => (typeof body[name] === 'string' ? (body[name] as string).trim() : '');
  if (kind === 'lyrics' && !text('prompt')) throw relayError(400, 'invalid_request', 'prompt is required');
  if (kind === 'music' && !text('prompt') && !text('gpt_description_prompt'))
    throw relayError(400, 'invalid_request', 'prompt or gpt_description_prompt is required');
}

async function submit(context: AppContext, request: FastifyRequest, kind: keyof typeof ACTIONS) {
  const body = readBody(request);
  checkBody(kind, body);
  const caller = callerOf(request);
  const model = `suno_${kind}`;
  admitModel(context, caller, model);
  const reservation = await reserveTask(context, caller, model, request.id);
  const tried: number[] = [];
  let lastFailure = `no Suno channel serves ${model} in group ${caller.usingGroup}`;
  try {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt += 1) {
      const channel: CachedChannel | null = chooseTaskChannel(
        context,
        caller,
        model,
        SUNO_CHANNEL_TYPES,
        tried,
      );
      if (!channel) break;
      tried.push(channel.id);
      const answer = await exchangeJson(context, channel, {
        url: `${channelBase(channel)}/suno/submit/${kind}`,
        method: 'POST',
        headers: { authorization: `Bearer ${channel.key}` },
        body,
      }).catch((error: Error) => {
        lastFailure = maskSecrets(`channel #${channel.id}: ${error.message}`, [channel.key]);
        return null;
      });
      if (!answer) continue;
      const reply = isRecord(answer.body) ? answer.body : {};
      if (answer.status >= 500 || answer.status === 429) {
        lastFailure = `channel #${channel.id} answered HTTP ${answer.status}`;
        continue;
      }
      const taskId = asString(reply.data);
      if (answer.status >= 400 || reply.code !== 'success' || !taskId) {
        const message = asString(reply.message) ?? `HTTP ${answer.status}`;
        throw relayError(
          answer.status >= 400 ? answer.status : 502,
          'upstream_refused',
          maskSecrets(message, [channel.key]),
        );
      }
      reservation.confirm(channel, { task_platform: 'suno', task_id: taskId });
      const now = Date.now();
      await context.database.db
        .insertInto('tasks')
        .values({
          created_at: Math.floor(now / 1000),
          updated_at: Math.floor(now / 1000),
          task_id: taskId,
          platform: 'suno',
          user_id: caller.user.id,
          channel_id: channel.id,
          quota: reservation.quota,
          action: ACTIONS[kind],
          status: 'SUBMITTED',
          submit_time: Math.floor(now / 1000),
          progress: '0%',
          properties: withPrivateFields({ input: body }, { tokenId: caller.token?.id ?? null }),
        })
        .execute();
      return { code: 'success', message: '', data: taskId };
    }
  } catch (error) {
    reservation.release();
    throw error;
  }
  reservation.release();
  throw relayError(503, 'upstream_unavailable', lastFailure);
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
