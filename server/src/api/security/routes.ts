/**
 * Two-factor sign-in and passkeys (docs/security.md): the console API routes.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function registerSecurityRoutes(_app: FastifyInstance, _context: AppContext): Promise<void> {}
