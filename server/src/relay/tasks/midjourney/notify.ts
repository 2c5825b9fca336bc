/**
 * Midjourney callbacks (MjNotifyEnabled, docs/tasks.md): a client's `notifyHook` is kept with the task and
 * the upstream is given the gateway's own callback URL, `/mj/notify/<secret>`, unique per task. A callback
 * there (checked against the task's secret) updates the row at once — a failure is refunded exactly once,
 * like a polled one — and is forwarded to the client's hook as user webhooks are sent (public addresses
 * only, unless UPSTREAM_ADDRESS_POLICY=allow-all).
 */
import { timingSafeEqual } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.ts';
import { randomString } from '../../../lib/random.ts';
import { isRecord } from '../../canonical/helpers.ts';
import { relayError } from '../../errors.ts';
import { applyTaskState } from '../finalize.ts';
import { privateFields } from '../properties.ts';
import { midjourneyLabel } from './poll.ts';
import { rowUpdateOf } from './view.ts';

const FORWARD_TIMEOUT_MS = 10_000;

/** The gateway's address as the upstream should reach it: ServerAddress, else the request's own. */
export function gatewayAddress(context: AppContext, request: FastifyRequest): string {
  return context.options.get('ServerAddress').replace(/\/+$/, '') || `${request.protocol}://${request.host}`;
}

/** Swaps the client's hook for the gateway's; returns what the task row must keep (null: no hook). */
export function interceptHook(
  context: AppContext,
  request: FastifyRequest,
  body: Record<string, unknown>,
): { secret: string; hook: string } | null {
  const hook = typeof body.notifyHook === 'string' ? body.notifyHook.trim() : '';
  if (!hook) {
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
  body.notifyHook = `${gatewayAddress(context, request)}/mj/notify/${secret}`;
  return { secret, hook };
}

function sameSecret(expected: string, given: string): boolean {
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Handles one upstream callback; throws 403 when the secret does not belong to the task. */
export async function receiveCallback(context: AppContext, secret: string, task: unknown): Promise<void> {
  if (!isRecord(task) || typeof task.id !== 'string') throw relayError(400, 'invalid_request', 'not a task');
  const row = await context.database.db
    .selectFrom('midjourneys')
    .selectAll()
    .where('mj_id', '=', task.id)
    .executeTakeFirst();
  const notify = row ? privateFields(row).notify : undefined;
  if (!row || !notify || !sameSecret(notify.secret, secret))
    throw relayError(403, 'forbidden', 'this callback does not belong to that task');
  await applyTaskState(context, 'midjourneys', row, midjourneyLabel(row), rowUpdateOf(task, row));
  void forward(context, notify.hook, task);
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
