/**
 * The audit log's hooks on the console API (docs/audit.md): administrative changes, key views and sign-ins
 * are recorded from here, not from each route. An `onRoute` hook looks each route up in ./routes-table.ts
 * as it is registered and, for audited routes only, appends three route-level hooks: a preHandler (after the
 * route's own guard) that reads the target's state before the change, a preSerialization that keeps the
 * reply's `success`, `message` and `data`, and an onSend that starts building the row (not awaited) and
 * queues it
 * (./writer.ts). Nothing here can fail or delay a request: every step catches and logs.
 */
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onSendHookHandler,
  preHandlerAsyncHookHandler,
  preSerializationAsyncHookHandler,
} from 'fastify';
import { authenticate } from '../auth/guards.ts';
import { readPendingLogin } from '../auth/two-factor/pending-login.ts';
import type { AppContext } from '../context.ts';
import { auditStates } from './diff.ts';
import { textOf, userById, userByName } from './loaders.ts';
import type { AuditInput, AuditRoute, TargetSnapshot } from './route-types.ts';
import { findAuditRoute, indexAuditRoutes, routeKey } from './route-types.ts';
import { AUDITED_ROUTES } from './routes-table.ts';
import { type AuditRow, auditWriterOf } from './writer.ts';

interface ReplySummary {
  success?: boolean;
  message?: string;
  data?: unknown;
}

interface RequestAudit {
  before: TargetSnapshot | null;
  /** The pending two-factor sign-in's user, read before the handler ends it. */
  pendingUserId?: number;
  reply?: ReplySummary;
}

const states = new WeakMap<FastifyRequest, RequestAudit>();
/** The table entries each server attached its hooks to (`METHOD pattern`), for the tests. */
const attachedRoutes = new WeakMap<AppContext, Set<string>>();

export function auditedRouteKeys(context: AppContext): ReadonlySet<string> {
  return attachedRoutes.get(context) ?? new Set();
}
const AUDIT_INDEX = indexAuditRoutes(AUDITED_ROUTES);

function record(value: unknown): Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : {};
}

function inputOf(request: FastifyRequest, data: unknown): AuditInput {
  return {
    params: record(request.params),
    body: record(request.body),
    query: record(request.query),
    data,
    role: request.user?.role ?? 0,
  };
}

function asArray<T>(value: T | T[] | undefined): T[] {
  if (value === undefined) return [];
  return Array.isArray(value) ? value : [value];
}

interface Actor {
  id: number;
  username: string;
  role: number;
}

/** A signed-in user in a sign-in reply's data (SessionUser), if it is one. */
function userInReply(data: unknown): Actor | null {
  const user = record(data);
  const id = Number(user.id);
  if (!Number.isSafeInteger(id) || id <= 0 || typeof user.username !== 'string') return null;
  return { id, username: user.username, role: Number(user.role ?? 0) };
}

/** Who acted: the guard's user; for a refused caller (403) the user the credentials name. */
async function actorOf(
  context: AppContext,
  request: FastifyRequest,
  statusCode: number,
): Promise<Actor | null> {
  if (request.user) return { id: request.user.id, username: request.user.username, role: request.user.role };
  if (statusCode !== 403) return null;
  try {
    const user = await authenticate(context, request);
    return { id: user.id, username: user.username, role: user.role };
  } catch {
    return null;
  }
}

function clientAddress(request: FastifyRequest): string {
  return String(request.ip ?? '').slice(0, 64);
}

function baseRow(request: FastifyRequest, route: AuditRoute, success: boolean, message: string): AuditRow {
  return {
    created_at: Math.floor(Date.now() / 1000),
    action: route.action,
    target_type: route.targetType,
    outcome: success ? 'success' : 'failure',
    message: message.slice(0, 1000),
    ip: clientAddress(request),
    user_agent: String(request.headers['user-agent'] ?? '').slice(0, 512),
    request_id: String(request.id).slice(0, 64),
  };
}

/** A sign-in's row: the user signed in, or the one tried (never the password). */
async function signInRow(
  context: AppContext,
  request: FastifyRequest,
  route: AuditRoute,
  state: RequestAudit,
  success: boolean,
  input: AuditInput,
): Promise<AuditRow | null> {
  const row = baseRow(request, route, success, state.reply?.message ?? '');
  const signedIn = success ? userInReply(state.reply?.data) : null;
  // Password step of a two-factor account: the password was right, the code is still due.
  const codeDue = success && !signedIn && record(state.reply?.data).require_2fa === true;
  let target: Actor | null = signedIn;
  if (!target) {
    const tried = textOf(input.body.username);
    if (tried) target = (await userByName(context, tried)) ?? { id: 0, username: tried, role: 0 };
    else if (state.pendingUserId) target = await userById(context, state.pendingUserId);
  }
  if (codeDue) row.message = 'two-factor code required';
  const note = route.note?.(input);
  if (note) row.message = row.message ? `${note}: ${row.message}` : note;
  if (target === null && !success) row.message = row.message || 'unknown user';
  return {
    ...row,
    user_id: signedIn?.id ?? 0,
    username: (signedIn ?? target)?.username ?? '',
    role: signedIn?.role ?? 0,
    target_id: target && target.id > 0 ? String(target.id) : '',
    target_name: target?.username ?? '',
    target_role: target?.role ?? 0,
  };
}

async function changeRow(
  context: AppContext,
  request: FastifyRequest,
  route: AuditRoute,
  state: RequestAudit,
  statusCode: number,
  success: boolean,
  input: AuditInput,
): Promise<AuditRow | null> {
  const actor = await actorOf(context, request, statusCode);
  // Anonymous calls to admin routes are refused by the guard before anything happens: not recorded.
  if (!actor) return null;
  const after = success && route.after ? await route.after(context, input) : null;
  const before = state.before;
  const target = before ?? after;
  const id = route.targetId?.(input) ?? target?.id;
  const states = auditStates(before?.state ?? null, after?.state ?? null, route.secretFields?.(input));
  const row = baseRow(request, route, success, state.reply?.message ?? '');
  const note = route.note?.(input);
  if (note) row.message = row.message ? `${note}: ${row.message}` : note;
  return {
    ...row,
    user_id: actor.id,
    username: actor.username,
    role: actor.role,
    target_id: id === undefined || id === null ? '' : String(id).slice(0, 191),
    // The name after the change (a rename shows the new name; the old one is in `before`).
    target_name: (after?.name ?? before?.name ?? '').slice(0, 191),
    target_role: target?.role ?? 0,
    before_state: states.before,
    after_state: states.after,
  };
}

function attach(context: AppContext, route: AuditRoute) {
  const writer = auditWriterOf(context);
  const failed = (error: unknown) =>
    context.logger.error({ err: error, action: route.action }, 'audit hook failed');

  const readBefore: preHandlerAsyncHookHandler = async (request) => {
    const state: RequestAudit = { before: null };
    states.set(request, state);
    try {
      if (route.signIn) state.pendingUserId = readPendingLogin(request)?.userId;
      if (route.before) state.before = await route.before(context, inputOf(request, undefined));
    } catch (error) {
      failed(error);
    }
  };

  const keepReply: preSerializationAsyncHookHandler<unknown> = async (request, _reply, payload) => {
    const summary = record(payload);
    const state = states.get(request) ?? { before: null };
    state.reply = {
      success: typeof summary.success === 'boolean' ? summary.success : undefined,
      message: typeof summary.message === 'string' ? summary.message : '',
      data: summary.data,
    };
    states.set(request, state);
    return payload;
  };

  const recordCall = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      const state = states.get(request) ?? { before: null };
      states.delete(request);
      const statusCode = reply.statusCode;
      const success = statusCode < 400 && state.reply?.success !== false;
      const input = inputOf(request, state.reply?.data);
      if (route.when && !route.when(input)) return;
      const row = route.signIn
        ? await signInRow(context, request, route, state, success, input)
        : await changeRow(context, request, route, state, statusCode, success, input);
      if (row) writer.write(row);
    } catch (error) {
      failed(error);
    }
  };
  // Started when the reply is about to be sent (so that the row is known before the client has the reply),
  // never awaited by it: the reply goes out while the row is built and queued.
  const startRecording: onSendHookHandler<unknown> = (request, reply, payload, done) => {
    writer.track(recordCall(request, reply));
    done(null, payload);
  };
  return { readBefore, keepReply, startRecording };
}

export function registerAuditHooks(app: FastifyInstance, context: AppContext): void {
  const writer = auditWriterOf(context);
  const attached = new Set<string>();
  attachedRoutes.set(context, attached);
  app.addHook('onClose', async () => writer.flush());
  app.addHook('onRoute', (routeOptions) => {
    for (const method of asArray(routeOptions.method)) {
      const route = findAuditRoute(AUDIT_INDEX, method, routeOptions.url);
      if (!route) continue;
      attached.add(routeKey(route.method, route.url));
      const hooks = attach(context, route);
      routeOptions.preHandler = [...asArray(routeOptions.preHandler), hooks.readBefore];
      routeOptions.preSerialization = [...asArray(routeOptions.preSerialization), hooks.keepReply];
      routeOptions.onSend = [...asArray(routeOptions.onSend), hooks.startRecording];
    }
  });
}
