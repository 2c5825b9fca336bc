/**
 * /api/user/2fa/* and DELETE /api/user/:id/2fa, new-api's routes and reply shapes (docs/security.md): enrolment
 * (setup, then enable with a code), status, backup codes, disabling, the admin statistics and reset. The sign-in
 * step is POST /api/user/login/2fa (../users/routes.ts). Code checks carry the strict per-IP limit.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import { checkUpdate } from '../../auth/rank.ts';
import { beginSession, readSession, revokeSessions } from '../../auth/session.ts';
import { otpauthUri } from '../../auth/two-factor/codes.ts';
import {
  checkCode,
  confirmEnrolment,
  regenerateBackupCodes,
  removeTwoFactor,
  startEnrolment,
  twoFactorStats,
  twoFactorStatus,
} from '../../auth/two-factor/store.ts';
import { markVerified, recentlyVerified } from '../../auth/two-factor/verification.ts';
import type { AppContext } from '../../context.ts';
import { businessFailure, forbidden } from '../../lib/errors.ts';
import { ok, parseInput, readId } from '../reply.ts';
import { findUserById } from '../users/repository.ts';
import { codeInput, verifyInput } from './schemas.ts';

/** After a change of the second factor, every other session ends; the caller's continues with a fresh cookie. */
async function renewSessions(
  context: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<void> {
  const userId = request.user!.id;
  await revokeSessions(context.database.db, userId);
  if (readSession(request)) await beginSession(context.database.db, request, reply, userId);
}

export function registerTwoFactorRoutes(app: FastifyInstance, context: AppContext): void {
  const asUser = { preHandler: requireRole(context, Role.common) };
  const asUserLimited = { ...asUser, config: { ipLimit: 'critical' as const } };
  const asAdmin = { preHandler: requireRole(context, Role.admin) };

  app.get('/api/user/2fa/status', asUser, async (request) =>
    ok(await twoFactorStatus(context.database.db, request.user!.id)),
  );

  app.post('/api/user/2fa/setup', asUser, async (request) => {
    const user = request.user!;
    const { secret, backupCodes } = await startEnrolment(context.database, user.id);
    const issuer = context.options.get('SystemName') || 'Switchyard';
    return ok({ secret, qr_code_data: otpauthUri(secret, issuer, user.username), backup_codes: backupCodes });
  });

  app.post('/api/user/2fa/enable', asUserLimited, async (request, reply) => {
    const { code } = parseInput(codeInput, request.body);
    await confirmEnrolment(context.database, request.user!.id, code);
    await renewSessions(context, request, reply);
    return ok();
  });

  app.post('/api/user/2fa/disable', asUserLimited, async (request, reply) => {
    const { code } = parseInput(codeInput, request.body);
    await checkCode(context.database, request.user!.id, code, { allowBackup: true });
    await removeTwoFactor(context.database.db, request.user!.id);
    await renewSessions(context, request, reply);
    return ok();
  });

  app.post('/api/user/2fa/backup_codes', asUserLimited, async (request) => {
    const { code } = parseInput(codeInput, request.body);
    const codes = await regenerateBackupCodes(context.database, request.user!.id, code);
    return ok({ backup_codes: codes });
  });

  // Asking again before a sensitive action (../../auth/two-factor/verification.ts): a current code, or a passkey
  // verified through /api/user/passkey/verify/* just before.
  app.post('/api/verify', asUserLimited, async (request, reply) => {
    const input = parseInput(verifyInput, request.body);
    const userId = request.user!.id;
    if (input.method === 'passkey') {
      if (!(await recentlyVerified(context.database.db, request, userId)))
        throw businessFailure('verify.required');
      return ok({ verified: true, expires_in: 300 });
    }
    await checkCode(context.database, userId, input.code ?? '', { allowBackup: true });
    await markVerified(context.database.db, request, reply, userId);
    return ok({ verified: true, expires_in: 300 });
  });

  app.get('/api/user/2fa/stats', asAdmin, async () => ok(await twoFactorStats(context.database.db)));

  app.delete('/api/user/:id/2fa', asAdmin, async (request) => {
    const targetId = readId((request.params as { id: string }).id);
    const target = await findUserById(context.database.db, targetId);
    if (!target || target.deleted_at !== null) throw businessFailure('user.not_found');
    const refusal = checkUpdate(request.user!.role, target.role);
    if (refusal) throw forbidden('twofa.rank');
    if (!(await removeTwoFactor(context.database.db, targetId))) throw businessFailure('twofa.not_enabled');
    await revokeSessions(context.database.db, targetId);
    return ok();
  });
}
