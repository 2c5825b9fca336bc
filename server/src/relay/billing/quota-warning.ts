/**
 * Quota warnings (docs/reference/billing.md): when a charge takes a user's balance from at or above their
 * quota_warning_threshold (or QuotaRemindThreshold) to below it, they are told — once per crossing, by
 * email or signed webhook. Of several concurrent charges only the one that spans the threshold warns;
 * a balance raised above the threshold and spent again warns again.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { DatabaseHandle } from '../../db/connect.ts';
import { readJsonObjectColumn } from '../../db/json-column.ts';
import { type NotifyDependencies, notifyUser } from '../../lib/notify-user.ts';
import type { CachedUser } from '../cache/account-cache.ts';

export class QuotaWarnings {
  constructor(
    private readonly context: NotifyDependencies & {
      database: DatabaseHandle;
      logger: Pick<FastifyBaseLogger, 'warn'>;
    },
  ) {}

  /** Called after a settlement with the live balance and what the call cost; never throws, never waits. */
  check(user: CachedUser, charged: number): void {
    const threshold = user.quotaWarningThreshold ?? this.context.options.getNumber('QuotaRemindThreshold');
    if (threshold <= 0 || charged <= 0) return;
    const before = user.quota + charged;
    if (before >= threshold && user.quota < threshold) void this.send(user, threshold);
  }

  private async send(user: CachedUser, threshold: number): Promise<void> {
    const row = await this.context.database.db
      .selectFrom('users')
      .select(['setting', 'email'])
      .where('id', '=', user.id)
      .executeTakeFirst();
    const setting = readJsonObjectColumn(row?.setting);
    const text = (value: unknown) => (typeof value === 'string' ? value : '');
    const perUnit = Math.max(1, this.context.options.getNumber('QuotaPerUnit'));
    try {
      await notifyUser(
        this.context,
        {
          notifyType: text(setting.notify_type) || 'email',
          email: text(setting.notification_email) || row?.email || '',
          webhookUrl: text(setting.webhook_url),
          webhookSecret: text(setting.webhook_secret),
        },
        {
          type: 'quota_exceed',
          title: `${this.context.options.get('SystemName') || 'Switchyard'}: your quota is running low`,
          content: `Your remaining quota (${user.quota}, $${(user.quota / perUnit).toFixed(2)}) is below your warning threshold (${threshold}).`,
          values: { quota: user.quota, threshold },
        },
      );
    } catch (error) {
      this.context.logger.warn({ err: error, userId: user.id }, 'quota warning could not be delivered');
    }
  }
}
