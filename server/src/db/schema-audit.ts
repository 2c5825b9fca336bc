/**
 * Tables of the security audit log of administrative actions (docs/audit.md); joined into the declared schema by ./schema.ts (created or completed by ./reconcile.ts at
 * boot like every table).
 */
import type { TableSpec } from './column.ts';

/** This area's tables, in creation order. */
export const AUDIT_TABLES: readonly TableSpec[] = [];

/** This area's rows by table name, as ./schema.ts's Database types them. */
// biome-ignore lint/suspicious/noEmptyInterface: the area's tables are added here
export interface AuditRows {}
