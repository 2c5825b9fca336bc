/**
 * Tables of the security audit log of administrative actions (docs/audit.md); joined into the declared schema by ./schema.ts (created or completed by ./reconcile.ts at
 * boot like every table).
 *
 * `audit_logs` is Switchyard's own (new-api keeps no audit table): one row per recorded console action or
 * sign-in, written by server/src/audit/writer.ts from the hooks of server/src/audit/hooks.ts.
 */
import { column as c, defineTable, type RowOf, type TableSpec } from './column.ts';

export const auditLogsTable = defineTable(
  'audit_logs',
  {
    id: c.id(),
    /** Unix seconds. */
    created_at: c.bigint().default(0),
    /** The actor: 0 when nobody is signed in (a failed sign-in). */
    user_id: c.integer().default(0),
    /** The actor's username, or the username a failed sign-in tried. */
    username: c.varchar(191).default(''),
    /** The actor's role when the action happened (common/roles.ts). */
    role: c.integer().default(0),
    /** What was done, e.g. `channel.update` (server/src/audit/routes-table.ts lists them). */
    action: c.varchar(64).default(''),
    target_type: c.varchar(32).default(''),
    target_id: c.varchar(191).default(''),
    target_name: c.varchar(191).default(''),
    /** The role of a user target (0 for other targets): admins do not see rows about higher ranks. */
    target_role: c.integer().default(0),
    /** `success` or `failure`. */
    outcome: c.varchar(16).default(''),
    /** The reply's message (why it failed), or a short note. */
    message: c.text().nullable(),
    /** JSON object of the changed fields before and after, secrets masked, each at most 16 KB. */
    before_state: c.text().nullable(),
    after_state: c.text().nullable(),
    ip: c.varchar(64).default(''),
    user_agent: c.varchar(512).default(''),
    request_id: c.varchar(64).default(''),
  },
  {
    indexes: [
      { columns: ['created_at'] },
      { columns: ['user_id'] },
      { columns: ['action'] },
      { columns: ['target_type', 'target_id'] },
    ],
  },
);

/** This area's tables, in creation order. */
export const AUDIT_TABLES: readonly TableSpec[] = [auditLogsTable];

/** This area's rows by table name, as ./schema.ts's Database types them. */
export interface AuditRows {
  audit_logs: RowOf<typeof auditLogsTable>;
}
