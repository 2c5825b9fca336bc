/**
 * Retention on the master node, hourly: consumption logs older than LogRetentionDays (0 = keep all) are
 * deleted in batches that never hold the table for long, and expired one-time secrets are removed.
 */
import { LogType } from '../../../common/statuses.ts';
import { deleteLogsBefore } from '../api/logs/service.ts';
import { deleteExpiredSecrets } from '../auth/one-time-secrets.ts';
import type { AppContext } from '../context.ts';

export async function runRetention(context: AppContext): Promise<{ logs: number; secrets: number }> {
  const days = context.options.getNumber('LogRetentionDays');
  const logs =
    days > 0
      ? await deleteLogsBefore(
          context.logDatabase,
          Math.floor(Date.now() / 1000) - days * 86_400,
          LogType.consume,
        )
      : 0;
  const secrets = await deleteExpiredSecrets(context.database.db);
  if (logs > 0) context.logger.info({ logs, days }, 'deleted consumption logs past the retention period');
  return { logs, secrets };
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
