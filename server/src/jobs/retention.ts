/**
 * Retention on the master node, hourly: consumption logs older than LogRetentionDays (0 = keep all) are
 * deleted in batches that never hold the table for long, audit rows older than AuditLogRetentionDays
 * (0 = keep all; docs/audit.md "Retention") likewise, and expired one-time secrets are removed.
 * The batched deletion also serves a root's DELETE /api/log/ (api/logs/routes.ts).
 */
import { LogType } from '../../../common/statuses.ts';
import { deleteExpiredSecrets } from '../auth/one-time-secrets.ts';
import type { AppContext } from '../context.ts';
import type { DatabaseHandle } from '../db/connect.ts';

const DELETE_BATCH = 5000;

/**
 * Deletes log rows older than `before` (optionally of one type) a batch at a time, so that no single
 * statement holds the table for long. Returns how many rows went.
 */
export async function deleteLogsBefore(
  database: DatabaseHandle,
  before: number,
  type?: number,
): Promise<number> {
  let deleted = 0;
  for (;;) {
    let select = database.db.selectFrom('logs').select('id').where('created_at', '<', before);
    if (type !== undefined) select = select.where('type', '=', type);
    const ids = (await select.orderBy('id').limit(DELETE_BATCH).execute()).map((row) => row.id);
    if (ids.length === 0) return deleted;
    const result = await database.db.deleteFrom('logs').where('id', 'in', ids).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    if (ids.length < DELETE_BATCH) return deleted;
  }
}

/** Deletes audit rows older than `before`, a batch at a time. Returns how many rows went. */
export async function deleteAuditLogsBefore(database: DatabaseHandle, before: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const ids = (
      await database.db
        .selectFrom('audit_logs')
        .select('id')
        .where('created_at', '<', before)
        .orderBy('id')
        .limit(DELETE_BATCH)
        .execute()
    ).map((row) => row.id);
    if (ids.length === 0) return deleted;
    const result = await database.db.deleteFrom('audit_logs').where('id', 'in', ids).executeTakeFirst();
    deleted += Number(result.numDeletedRows);
    if (ids.length < DELETE_BATCH) return deleted;
  }
}

export async function runRetention(
  context: AppContext,
): Promise<{ logs: number; secrets: number; audit: number }> {
  const days = context.options.getNumber('LogRetentionDays');
  const logs =
    days > 0
      ? await deleteLogsBefore(
          context.logDatabase,
          Math.floor(Date.now() / 1000) - days * 86_400,
          LogType.consume,
        )
      : 0;
  const auditDays = context.options.getNumber('AuditLogRetentionDays');
  const audit =
    auditDays > 0
      ? await deleteAuditLogsBefore(context.database, Math.floor(Date.now() / 1000) - auditDays * 86_400)
      : 0;
  const secrets = await deleteExpiredSecrets(context.database.db);
  if (logs > 0) context.logger.info({ logs, days }, 'deleted consumption logs past the retention period');
  if (audit > 0)
    context.logger.info({ audit, days: auditDays }, 'deleted audit log rows past the retention period');
  return { logs, secrets, audit };
}

export function scheduleRetention(context: AppContext): () => void {
  const timer = setInterval(
    () =>
      void runRetention(context).catch((error: unknown) =>
        context.logger.error({ err: error }, 'retention failed'),
      ),
    3_600_000,
  );
  timer.unref();
  return () => clearInterval(timer);
}
