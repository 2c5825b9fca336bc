/**
 * Automatic disabling (docs/reference/routing.md): with AutomaticDisableChannelEnabled on and the channel's
 * auto_ban set, a dead-key failure (or, in a relay call, one whose error class the policy disables) disables
 * the channel at once in memory (no further traffic), then in the database with status 3 and other_info {status_reason, status_time}, and root is notified. A multi-key
 * channel (server/src/relay/cache/multi-key.ts) loses only the failing key, with its reason and time in
 * channel_info (./key-status.ts); the channel itself is disabled when no key is left.
 */

import type { ErrorClass } from '../../../../common/error-classes.ts';
import { type LogFacts, logFacts } from '../../../../common/log-facts.ts';
import { ChannelStatus } from '../../../../common/statuses.ts';
import type { AppContext } from '../../context.ts';
import { notifyRoot } from '../../lib/notify-root.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { disableReason, parseKeywords, type UpstreamFailure } from './health.ts';
import { disableKeyInDatabase } from './key-status.ts';

/**
 * What a failure disabled: one key of a multi-key channel whose other keys still serve (`key`), the
 * channel (`channel`: its only key, or its last enabled one), or nothing.
 */
export type Disabled = 'key' | 'channel' | null;

/**
 * Disables what `failure` shows dead, under the switches (AutomaticDisableChannelEnabled and the channel's
 * auto_ban): a dead-key failure (./health.ts disableReason), or — `byPolicy` — a failure whose class the
 * error policy disables (./error-class.ts; relay calls only). The policy adds to the dead-key rules; it never
 * spares a dead key.
 */
export function considerDisabling(
  context: AppContext,
  channel: CachedChannel,
  failure: UpstreamFailure,
  byPolicy: ErrorClass | null = null,
): Disabled {
  if (!channel.autoBan || !context.options.getBoolean('AutomaticDisableChannelEnabled')) return null;
  const reason =
    disableReason(failure, parseKeywords(context.options.get('AutomaticDisableKeywords'))) ??
    (byPolicy ? `error class ${byPolicy}: ${failure.message}` : null);
  if (!reason) return null;
  if (channel.keySet) return disableKey(context, channel, reason);
  context.channelCache.setStatus(channel.id, ChannelStatus.autoDisabled);
  disableInDatabase(context, channel, reason).catch((error: unknown) =>
    context.logger.error(
      { err: error, channelId: channel.id },
      'could not record the automatic disabling of a channel',
    ),
  );
  return 'channel';
}

/** Disables the key a multi-key channel's try used: at once in memory, then in channel_info. */
function disableKey(context: AppContext, channel: CachedChannel, reason: string): Disabled {
  const remaining = context.channelCache.disableKey(channel.id, channel.keyIndex ?? 0);
  if (remaining === 0) context.channelCache.setStatus(channel.id, ChannelStatus.autoDisabled);
  const keyReason = `key #${(channel.keyIndex ?? 0) + 1}: ${reason}`;
  disableKeyInDatabase(context.database.db, channel.id, channel.key, reason)
    .then(async (change) => {
      if (!change || change.changed === 0) return;
      await context.channelCache.changed();
      await notifyRoot(
        context,
        `Channel "${channel.name}" (#${channel.id}) lost a key automatically`,
        change.channelDisabled ? `${keyReason}; no key is left, the channel is disabled` : keyReason,
        logFacts('log.channel_auto_disabled', {
          channel_name: channel.name,
          channel_id: channel.id,
          reason: keyReason,
        }),
      );
    })
    .catch((error: unknown) =>
      context.logger.error(
        { err: error, channelId: channel.id },
        'could not record the automatic disabling of a channel key',
      ),
    );
  return remaining !== null && remaining > 0 ? 'key' : 'channel';
}

export async function disableInDatabase(
  context: AppContext,
  channel: CachedChannel,
  reason: string,
): Promise<void> {
  await switchChannelStatus(context, channel, {
    from: ChannelStatus.enabled,
    to: ChannelStatus.autoDisabled,
    otherInfo: JSON.stringify({ status_reason: reason, status_time: Math.floor(Date.now() / 1000) }),
    subject: `Channel "${channel.name}" (#${channel.id}) was disabled automatically`,
    text: reason,
    facts: logFacts('log.channel_auto_disabled', {
      channel_name: channel.name,
      channel_id: channel.id,
      reason,
    }),
  });
}

/** The automatic status change of a channel, and what root is told about it. */
export interface ChannelStatusSwitch {
  from: number;
  to: number;
  /** The new `other_info` column: the reason of a disabling, null when enabled again. */
  otherInfo: string | null;
  /** The email's subject and text (English); `facts` is the system log row (lib/notify-root.ts). */
  subject: string;
  text: string;
  facts: LogFacts;
}

/**
 * Moves a channel from `from` to `to` in the database, its abilities along (enabled only with the
 * channel), then reloads the channel cache everywhere and notifies root. Nothing happens when the
 * channel is no longer in `from` (another test or instance changed it first).
 */
export async function switchChannelStatus(
  context: AppContext,
  channel: CachedChannel,
  change: ChannelStatusSwitch,
): Promise<void> {
  const changed = await context.database.db.transaction().execute(async (transaction) => {
    const result = await transaction
      .updateTable('channels')
      .set({ status: change.to, other_info: change.otherInfo })
      .where('id', '=', channel.id)
      .where('status', '=', change.from)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) === 0) return false;
    await transaction
      .updateTable('abilities')
      .set({ enabled: change.to === ChannelStatus.enabled ? 1 : 0 })
      .where('channel_id', '=', channel.id)
      .execute();
    return true;
  });
  if (!changed) return;
  await context.channelCache.changed();
  await notifyRoot(context, change.subject, change.text, change.facts);
}
