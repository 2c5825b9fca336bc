/** Email codes, email binding and password reset (docs/reference/console-api.md "Users and auth"). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { Role } from '../../../../common/roles.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { translate } from '../../lib/messages.ts';
import { ok, parseInput } from '../reply.ts';
import { bindEmail, resetPassword, sendResetLink, sendVerificationCode } from './service.ts';

const emailQuery = z.object({
  email: z.string().max(255).default(''),
  turnstile: z.string().max(4096).optional(),
});
const bindQuery = z.object({ email: z.string().max(255).default(''), code: z.string().max(64).default('') });
const resetInput = z.object({
  email: z.string().max(255).default(''),
  token: z.string().max(128).default(''),
});

export type BotCheck = (context: AppContext, request: FastifyRequest) => Promise<void>;

export async function registerVerificationRoutes(
  app: FastifyInstance,
  context: AppContext,
  botCheck: BotCheck,
): Promise<void> {
  const critical = { config: { ipLimit: 'critical' as const } };
  const asUser = { preHandler: requireRole(context, Role.common) };

  app.get('/api/verification', critical, async (request) => {
    await botCheck(context, request);
    const { email } = parseInput(emailQuery, request.query);
    await sendVerificationCode(context, email, request.language);
    return ok(undefined, translate('verification.sent', request.language));
  });

  app.get('/api/reset_password', critical, async (request) => {
    await botCheck(context, request);
    const { email } = parseInput(emailQuery, request.query);
    await sendResetLink(context, email, request.language);
    return ok(undefined, translate('verification.reset_sent', request.language));
  });

  app.post('/api/user/reset', critical, async (request) => {
    const { email, token } = parseInput(resetInput, request.body);
    return ok(await resetPassword(context, email, token));
  });

  app.get('/api/oauth/email/bind', { ...asUser, ...critical }, async (request) => {
    const { email, code } = parseInput(bindQuery, request.query);
    await bindEmail(context, request.user!, email, code);
    return ok();
  });
}
