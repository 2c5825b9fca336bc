/**
 * Console API of the security audit log of administrative actions (docs/audit.md): GET /api/audit/ (paged,
 * filtered, rows limited to what the caller may see: ./service.ts) and GET /api/audit/actions (the filters'
 * choices), both for admins.
 */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { AUDIT_OUTCOMES, type AuditFilterChoices } from '../../../../common/api/audit.ts';
import { Role } from '../../../../common/roles.ts';
import { AUDIT_TARGET_TYPES } from '../../audit/route-types.ts';
import { AUDIT_ACTIONS } from '../../audit/routes-table.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { ok, parseInput, readPaging } from '../reply.ts';
import { type AuditFilter, listAuditLogs } from './service.ts';

const optionalText = (limit: number) =>
  z
    .string()
    .trim()
    .max(limit)
    .optional()
    .transform((value) => (value === '' ? undefined : value));
const optionalTimestamp = z
  .string()
  .trim()
  .regex(/^\d{0,12}$/, 'must be a unix timestamp in seconds')
  .optional()
  .transform((value) => (value ? Number(value) : undefined));

export const auditQuery = z.object({
  start_timestamp: optionalTimestamp,
  end_timestamp: optionalTimestamp,
  username: optionalText(191),
  action: optionalText(64),
  target_type: optionalText(32),
  target_id: optionalText(191),
  outcome: z
    .enum(['', ...AUDIT_OUTCOMES])
    .optional()
    .transform((value) => (value === '' ? undefined : value)),
});

function filterOf(query: unknown): AuditFilter {
  const input = parseInput(auditQuery.loose(), query);
  return {
    startTimestamp: input.start_timestamp || undefined,
    endTimestamp: input.end_timestamp || undefined,
    username: input.username,
    action: input.action,
    targetType: input.target_type,
    targetId: input.target_id,
    outcome: input.outcome,
  };
}

export async function registerAuditRoutes(app: FastifyInstance, context: AppContext): Promise<void> {
  const asAdmin = { preHandler: requireRole(context, Role.admin) };

  app.get('/api/audit/', asAdmin, async (request) =>
    ok(
      await listAuditLogs(
        context,
        request.user!,
        filterOf(request.query),
        readPaging(request.query as Record<string, unknown>),
      ),
    ),
  );
  app.get('/api/audit/actions', asAdmin, async () =>
    ok<AuditFilterChoices>({ actions: [...AUDIT_ACTIONS], target_types: [...AUDIT_TARGET_TYPES] }),
  );
}
