/**
 * Automatic disabling (docs/reference/routing.md): with AutomaticDisableChannelEnabled on and the channel's auto_ban
 * set, a dead-key failure disables the channel at once in memory (no further traffic), then in the
 * database with status 3 and other_info {status_reason, status_time}, and root is notified.
 */
import { logFacts } from '../../../../common/log-facts.ts';
import { ChannelStatus } from '../../../../common/statuses.ts';
import type { AppContext } from '../../context.ts';
import { notifyRoot } from '../../lib/notify-root.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { disableReason, parseKeywords, type UpstreamFailure } from './health.ts';

export function considerDisabling(
  context: AppContext,
  channel: CachedChannel,
  failure: UpstreamFailure,
): void {
  if (!channel.autoBan || !context.options.getBoolean('AutomaticDisableChannelEnabled')) return;
  const reason = disableReason(failure, parseKeywords(context.options.get('AutomaticDisableKeywords')));
  if (!reason) return;
  context.channelCache.setStatus(channel.id, ChannelStatus.autoDisabled);
  disableInDatabase(context, channel, reason).catch((error: unknown) =>
    context.logger.error(
      { err: error, channelId: channel.id },
      'could not record the automatic disabling of a channel',
    ),
  );
}

export async function disableInDatabase(
  context: AppContext,
  channel: CachedChannel,
  reason: string,
): Promise<void> {
  const otherInfo = JSON.stringify({ status_reason: reason, status_time: Math.floor(Date.now() / 1000) });
  const changed = await context.database.db.transaction().execute(async (transaction) => {
    const result = await transaction
      .updateTable('channels')
      .set({ status: ChannelStatus.autoDisabled, other_info: otherInfo })
      .where('id', '=', channel.id)
      .where('status', '=', ChannelStatus.enabled)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await transaction
      .updateTable('abilities')
      .set({ enabled: 0 })
      .where('channel_id', '=', channel.id)
      .execute();
    return true;
  });
  if (!changed) return;
  await context.channelCache.changed();
  await notifyRoot(
    context,
    `Channel "${channel.name}" (#${channel.id}) was disabled automatically`,
    reason,
    logFacts('log.channel_auto_disabled', { channel_name: channel.name, channel_id: channel.id, reason }),
  );
}
