/**
 * Console API of subscription plans and users' subscriptions, in new-api's tables (docs/subscriptions.md).
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function registerSubscriptionRoutes(
  _app: FastifyInstance,
  _context: AppContext,
): Promise<void> {}
