/**
 * Tables of two-factor sign-in (TOTP, backup codes) and passkeys, in new-api's tables; joined into the
 * declared schema by ./schema.ts (created or completed by  ./reconcile.ts at boot like every table).
 */
import type { TableSpec } from './column.ts';

/** This area's tables, in creation order. */
export const SECURITY_TABLES: readonly TableSpec[] = [];

/** This area's rows by table name, as ./schema.ts's Database types them (`RowOf<typeof …Table>`). */
export type SecurityRows = Record<never, never>;
