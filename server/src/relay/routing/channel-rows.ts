/** Reading one channel's stored row by id, as the channel test, the balance refresh and the console do. */
import type { Kysely } from 'kysely';
import type { ChannelRow, Database } from '../../db/schema.ts';

export function findChannelRow(db: Kysely<Database>, id: number): Promise<ChannelRow | undefined> {
  return db.selectFrom('channels').selectAll().where('id', '=', id).executeTakeFirst();
}
