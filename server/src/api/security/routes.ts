/**
 * Two-factor sign-in and passkeys (docs/security.md): the console API routes, in new-api's paths and reply
 * shapes. The sign-in code step itself is POST /api/user/login/2fa in ../users/routes.ts.
 */
import type { FastifyInstance } from 'fastify';
import { securityMessages } from '../../auth/two-factor/messages.ts';
import type { AppContext } from '../../context.ts';
import { registerMessages } from '../../lib/messages.ts';
import { registerPasskeyRoutes } from './passkey-routes.ts';
import { registerTwoFactorRoutes } from './two-factor-routes.ts';

export async function registerSecurityRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  registerMessages(securityMessages);
  registerTwoFactorRoutes(app, context);
  registerPasskeyRoutes(app, context);
}
