/**
 * The model catalogue (docs/model-catalogue.md): vendors and model metadata, the console API routes.
 */
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context.ts';

export async function registerCatalogueRoutes(_app: FastifyInstance, _context: AppContext): Promise<void> {}
