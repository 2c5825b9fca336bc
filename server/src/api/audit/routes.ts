/**
 * Console API of the security audit log of administrative actions (docs/audit.md).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function registerAuditRoutes(_app: FastifyInstance, _context: AppContext): Promise<void> {}
