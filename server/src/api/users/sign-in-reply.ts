/**
 * The reply of a finished sign-in (password, code step, passkey, OAuth): the session user, marked
 * `require_2fa_setup` with the reason as message when AdminTwoFactorRequired keeps this administrator to
 * enrolment (../../auth/guards.ts, docs/security.md).
 */
import type { FastifyRequest } from 'fastify';
import type { SessionUser } from '../../../../common/api/users.ts';
import { mustEnrolSecondFactor } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { translate } from '../../lib/messages.ts';
import { ok } from '../reply.ts';

export async function signedIn(context: AppContext, request: FastifyRequest, user: SessionUser) {
  if (!(await mustEnrolSecondFactor(context, user))) return ok(user);
  return ok({ ...user, require_2fa_setup: true }, translate('twofa.admin_required', request.language));
}
