/**
 * Tables of the model catalogue (vendors, model metadata) in new-api's tables; joined into the declared
 * schema by ./schema.ts (created or completed by  ./reconcile.ts at boot like every table).
 */
import type { TableSpec } from './column.ts';

/** This area's tables, in creation order. */
export const CATALOGUE_TABLES: readonly TableSpec[] = [];

/** This area's rows by table name, as ./schema.ts's Database types them (`RowOf<typeof …Table>`). */
export type CatalogueRows = Record<never, never>;
