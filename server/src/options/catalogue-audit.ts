/**
 * The options of the security audit log of administrative actions (docs/audit.md); ./catalogue.ts lists them with every other option.
 * AuditLogRetentionDays: audit rows older than this many days are deleted by the hourly retention job
 * (server/src/jobs/retention.ts); 0 keeps them forever. Switchyard's own key (new-api has no audit log).
 */
import { number, type OptionDefinition } from './definitions.ts';

export const AUDIT_OPTIONS: OptionDefinition[] = [number('AuditLogRetentionDays', 0)];
