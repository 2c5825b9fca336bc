/**
 * Console API of daily check-in rewards, in new-api's `checkins` table (docs/subscriptions.md "Check-in").
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function registerCheckinRoutes(_app: FastifyInstance, _context: AppContext): Promise<void> {}
