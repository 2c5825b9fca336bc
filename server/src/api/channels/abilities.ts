/**
 * Abilities: one row per group × model of a channel (names trimmed, empty parts dropped), rewritten in
 * the same transaction whenever the channel changes (docs/reference/tables.md).
 */
import type { Insertable, Transaction } from 'kysely';
import { ChannelStatus } from '../../../../common/statuses.ts';
import type { Database } from '../../db/schema.ts';
import { splitList } from '../../lib/mapping-rules.ts';
import type { ChannelRow } from './view.ts';

const INSERT_CHUNK = 500;

export function abilitiesOf(channel: ChannelRow): Insertable<Database['abilities']>[] {
  const rows: Insertable<Database['abilities']>[] = [];
  for (const group of splitList(channel.group)) {
    for (const model of splitList(channel.models)) {
      rows.push({
        group,
        model,
        channel_id: channel.id,
        enabled: channel.status === ChannelStatus.enabled ? 1 : 0,
        priority: Number(channel.priority ?? 0),
        weight: channel.weight ?? 0,
        tag: channel.tag ?? null,
      });
    }
  }
  return rows;
}

export async function rewriteAbilities(
  transaction: Transaction<Database>,
  channel: ChannelRow,
): Promise<void> {
  await transaction.deleteFrom('abilities').where('channel_id', '=', channel.id).execute();
  const rows = abilitiesOf(channel);
  for (let start = 0; start < rows.length; start += INSERT_CHUNK) {
    await transaction
      .insertInto('abilities')
      .values(rows.slice(start, start + INSERT_CHUNK))
      .execute();
  }
}
