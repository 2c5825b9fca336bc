/**
 * The table of daily check-in rewards, new-api's `checkins` (docs/checkin.md); joined into the declared
 * schema by ./schema.ts (created or completed by ./reconcile.ts at boot like every table). Column names,
 * types and the unique index name are new-api's (model/checkin.go), so an adopted database's rows are read
 * as they are. The unique index (user_id, checkin_date) is what makes a check-in once per user and day.
 */
import { column as c, defineTable, type RowOf, type TableSpec } from './column.ts';

/** One check-in: the day (YYYY-MM-DD in the server's time zone) and the quota it awarded. */
export const checkinsTable = defineTable(
  'checkins',
  {
    id: c.id(),
    user_id: c.integer(),
    checkin_date: c.varchar(10),
    quota_awarded: c.integer(),
    created_at: c.bigint().default(0),
  },
  {
    indexes: [{ name: 'idx_user_checkin_date', columns: ['user_id', 'checkin_date'], unique: true }],
  },
);

/** This area's tables, in creation order. */
export const CHECKIN_TABLES: readonly TableSpec[] = [checkinsTable];

/** This area's rows by table name, as ./schema.ts's Database types them. */
export interface CheckinRows {
  checkins: RowOf<typeof checkinsTable>;
}
