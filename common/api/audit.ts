/** The security audit log (/api/audit/*, docs/audit.md): rows built by server/src/api/audit/service.ts. */

export const AUDIT_OUTCOMES = ['success', 'failure'] as const;
export type AuditOutcome = (typeof AUDIT_OUTCOMES)[number];

/** What a masked secret looks like in `before` and `after`. */
export const AUDIT_MASKED = '[masked]';

/** One recorded action. */
export interface AuditLogView {
  id: number;
  /** Unix seconds. */
  created_at: number;
  /** The actor; 0 for a sign-in that failed. */
  user_id: number;
  /** The actor's username, or the username a failed sign-in tried. */
  username: string;
  /** The actor's role then (common/roles.ts). */
  role: number;
  /** e.g. `channel.update`; GET /api/audit/actions lists them. */
  action: string;
  /** channel, option, user, redemption, order, model, vendor, log, system, subscription. */
  target_type: string;
  target_id: string;
  target_name: string;
  /** The role of a user target when recorded (0 for other targets). */
  target_role: number;
  outcome: AuditOutcome;
  /** The reply's message (why it failed) or a note such as the manage action. */
  message: string;
  /** Changed fields before the change (whole row for a delete), secrets masked; null when not kept. */
  before: Record<string, unknown> | null;
  /** Changed fields after the change (whole row for a create), secrets masked; null when not kept. */
  after: Record<string, unknown> | null;
  ip: string;
  user_agent: string;
  request_id: string;
}

/** GET /api/audit/actions: the actions and target types the filters offer. */
export interface AuditFilterChoices {
  actions: string[];
  target_types: string[];
}
