/**
 * Midjourney callbacks (MjNotifyEnabled, docs/tasks.md). While callbacks are on (./callback-address.ts:
 * MjNotifyEnabled and a saved ServerAddress), a client's `notifyHook` is kept with the task and the
 * upstream is given the gateway's own callback URL instead, `<ServerAddress>/mj/notify/<task id>/<secret>`,
 * with a secret per task. A callback is treated like a payment webhook: its secret only proves it may ask
 * for the task to be refreshed, never what the task's state is. The gateway reads the task from the
 * upstream (Midjourney-Proxy's `/mj/task/{id}/fetch` with the channel key) and applies that state — so a
 * forged FAILURE for a task the upstream still runs refunds nothing, and a real failure is refunded once
 * (../finalize.ts). When the upstream cannot be reached nothing changes (the poller will get the task) and
 * the answer says so. The client's hook then gets the verified task as the client reads it, sent like
 * every user webhook (public addresses only, unless UPSTREAM_ADDRESS_POLICY=allow-all).
 */
import { timingSafeEqual } from 'node:crypto';
import type { AppContext } from '../../../context.ts';
import { randomString } from '../../../lib/random.ts';
import { savedServerAddress } from '../../../options/server-address.ts';
import { isRecord } from '../../canonical/helpers.ts';
import { maskSecrets, relayError } from '../../http/errors.ts';
import { channelBase, exchangeJson, taskChannel } from '../channels.ts';
import { applyTaskState, FINAL_STATUSES } from '../finalize.ts';
import { privateFields } from '../properties.ts';
import { callbackBase } from './callback-address.ts';
import { midjourneyLabel } from './poll.ts';
import { looksLikeGatewayTaskId, upstreamIdOf } from './task-ids.ts';
import { type MidjourneyRow, rowUpdateOf, taskView } from './view.ts';

const FORWARD_TIMEOUT_MS = 10_000;
const VERIFY_TIMEOUT_MS = 15_000;
const FINAL: ReadonlySet<string> = new Set(FINAL_STATUSES);

/**
 * Swaps the client's hook for the gateway's callback URL of task `taskId` (the id clients will see);
 * returns what the task row must keep, or null — no hook, or callbacks off (the hook is then removed).
 */
export function interceptHook(
  context: AppContext,
  body: Record<string, unknown>,
  taskId: string,
): { secret: string; hook: string } | null {
  const base = callbackBase(context.options);
  const hook = typeof body.notifyHook === 'string' ? body.notifyHook.trim() : '';
  if (!base || !hook) {
    delete body.notifyHook;
    return null;
  }
  let url: URL;
  try {
    url = new URL(hook);
  } catch {
    throw relayError(400, 'invalid_request', 'notifyHook must be an http(s) URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw relayError(400, 'invalid_request', 'notifyHook must be an http(s) URL');
  const secret = randomString(32);
  body.notifyHook = `${base}/mj/notify/${taskId}/${secret}`;
  return { secret, hook };
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

function unverified(reason: string): Error {
  return relayError(
    502,
    'upstream_unavailable',
    `${reason}: the callback could not be verified and the task was not changed (polling will update it)`,
  );
}

/** The task as the upstream holds it now; throws a 502 (changing nothing) when it cannot be had. */
async function upstreamTask(context: AppContext, row: MidjourneyRow): Promise<Record<string, unknown>> {
  const channel = taskChannel(context, row.channel_id);
  if (!channel) throw unverified(`the channel of task ${row.mj_id} is gone or has no enabled key`);
  const upstreamId = upstreamIdOf(row);
  let answer: Awaited<ReturnType<typeof exchangeJson>>;
  try {
    answer = await exchangeJson(
      context,
      channel,
      {
        url: `${channelBase(channel)}/mj/task/${encodeURIComponent(upstreamId)}/fetch`,
        method: 'GET',
        headers: { 'mj-api-secret': channel.key },
      },
      VERIFY_TIMEOUT_MS,
    );
  } catch (error) {
    context.logger.warn(
      { err: maskSecrets((error as Error).message, [channel.key]), task: row.mj_id },
      'Midjourney callback not verified',
    );
    throw unverified('the upstream could not be reached');
  }
  const task = answer.body;
  if (answer.status >= 400 || !isRecord(task) || String(task.id) !== upstreamId)
    throw unverified(`the upstream did not confirm the task (HTTP ${answer.status})`);
  return task;
}

/**
 * Handles one upstream callback for the task the client knows as `taskId`: 403 when the secret is not
 * that task's, 502 when the upstream cannot confirm the task's state (nothing changed). The body the
 * caller sent is not read: only the upstream's own answer counts.
 */
export async function receiveCallback(context: AppContext, taskId: string, secret: string): Promise<void> {
  const row = looksLikeGatewayTaskId(taskId)
    ? await context.database.db
        .selectFrom('midjourneys')
        .selectAll()
        .where('mj_id', '=', taskId)
        .executeTakeFirst()
    : undefined;
  const notify = row ? privateFields(row).notify : undefined;
  if (!row || !notify || !sameSecret(notify.secret, secret))
    throw relayError(403, 'forbidden', 'this callback does not belong to that task');
  let verified = row;
  // A finished task cannot change any more: its stored state is the verified one.
  if (!FINAL.has(row.status)) {
    const task = await upstreamTask(context, row);
    await applyTaskState(context, 'midjourneys', row, midjourneyLabel(row), rowUpdateOf(task, row));
    verified = await context.database.db
      .selectFrom('midjourneys')
      .selectAll()
      .where('id', '=', row.id)
      .executeTakeFirstOrThrow();
  }
  void forward(context, notify.hook, taskView(verified, forwardedImageBase(context)));
}

/** Image URLs in forwarded tasks: through the saved ServerAddress (no request to take one from). */
function forwardedImageBase(context: AppContext): string | null {
  if (!context.options.getBoolean('MjForwardUrlEnabled')) return null;
  return savedServerAddress(context.options) || null;
}

async function forward(context: AppContext, hook: string, task: Record<string, unknown>): Promise<void> {
  try {
    // The client's hook is a user's webhook: public addresses only, as every user webhook.
    const response = await context.webhooks.send(
      {
        url: hook,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(task),
      },
      { headersMs: FORWARD_TIMEOUT_MS, idleMs: FORWARD_TIMEOUT_MS },
      AbortSignal.timeout(FORWARD_TIMEOUT_MS),
    );
    await response.body.dump().catch(() => undefined);
  } catch (error) {
    context.logger.warn(
      { err: (error as Error).message, task: task.id },
      'Midjourney callback not forwarded',
    );
  }
}
