/**
 * The audit list (docs/audit.md "Who sees what"): root sees every row; an admin sees the rows of their own
 * actions and the rows whose actor ranked below admin (common users, failed sign-ins), except rows whose
 * target is a user of admin rank or above other than themselves.
 */
import type { ExpressionBuilder, Selectable, SelectQueryBuilder } from 'kysely';
import type { AuditLogView, AuditOutcome } from '../../../../common/api/audit.ts';
import type { Page } from '../../../../common/api/reply.ts';
import { Role } from '../../../../common/roles.ts';
import type { AuthUser } from '../../auth/types.ts';
import type { AppContext } from '../../context.ts';
import type { Database } from '../../db/schema.ts';
import { listPage, type Paging } from '../reply.ts';

export interface AuditFilter {
  startTimestamp?: number;
  endTimestamp?: number;
  username?: string;
  action?: string;
  targetType?: string;
  targetId?: string;
  outcome?: AuditOutcome;
}

type AuditQuery<Output> = SelectQueryBuilder<Database, 'audit_logs', Output>;

function visibleTo<Output>(query: AuditQuery<Output>, viewer: AuthUser): AuditQuery<Output> {
  if (viewer.role >= Role.root) return query;
  return query.where((builder: ExpressionBuilder<Database, 'audit_logs'>) =>
    builder.or([
      builder('user_id', '=', viewer.id),
      builder.and([
        builder('role', '<', Role.admin),
        builder.or([
          builder('target_type', '!=', 'user'),
          builder('target_role', '<', Role.admin),
          builder('target_id', '=', String(viewer.id)),
        ]),
      ]),
    ]),
  );
}

function filtered<Output>(query: AuditQuery<Output>, filter: AuditFilter): AuditQuery<Output> {
  let result = query;
  if (filter.startTimestamp !== undefined) result = result.where('created_at', '>=', filter.startTimestamp);
  if (filter.endTimestamp !== undefined) result = result.where('created_at', '<=', filter.endTimestamp);
  if (filter.username) result = result.where('username', '=', filter.username);
  if (filter.action) result = result.where('action', '=', filter.action);
  if (filter.targetType) result = result.where('target_type', '=', filter.targetType);
  if (filter.targetId) result = result.where('target_id', '=', filter.targetId);
  if (filter.outcome) result = result.where('outcome', '=', filter.outcome);
  return result;
}

function parsedState(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return value !== null && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

type AuditRowRead = Selectable<Database['audit_logs']>;

function toView(row: AuditRowRead): AuditLogView {
  return {
    id: Number(row.id),
    created_at: Number(row.created_at),
    user_id: Number(row.user_id),
    username: row.username,
    role: Number(row.role),
    action: row.action,
    target_type: row.target_type,
    target_id: row.target_id,
    target_name: row.target_name,
    target_role: Number(row.target_role),
    outcome: row.outcome === 'success' ? 'success' : 'failure',
    message: row.message ?? '',
    before: parsedState(row.before_state),
    after: parsedState(row.after_state),
    ip: row.ip,
    user_agent: row.user_agent,
    request_id: row.request_id,
  };
}

export async function listAuditLogs(
  context: AppContext,
  viewer: AuthUser,
  filter: AuditFilter,
  paging: Paging,
): Promise<Page<AuditLogView>> {
  const query = filtered(visibleTo(context.database.db.selectFrom('audit_logs'), viewer), filter);
  return listPage(query, query.selectAll().orderBy('id', 'desc'), paging, toView);
}
