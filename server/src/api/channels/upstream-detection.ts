/**
 * The upstream detection view of a channel (GET /api/channel/test_upstream/{id}): which groups and which
 * kinds of clients have used the channel recently, built from its latest consumption logs.
 */
import type { UpstreamClientType, UpstreamDetection } from '../../../../common/api/channels.ts';
import { LogType } from '../../../../common/statuses.ts';
import type { AppContext } from '../../context.ts';

const WINDOW_SECONDS = 7 * 86_400;
const MAX_ROWS = 20_000;

function clientTypeOf(other: string | null): string {
  if (!other) return 'unknown';
  try {
    const parsed = JSON.parse(other) as { client_type?: unknown };
    return typeof parsed.client_type === 'string' ? parsed.client_type : 'unknown';
  } catch {
    return 'unknown';
  }
}

export async function detectUpstreamUsage(
  context: AppContext,
  channelId: number,
): Promise<UpstreamDetection> {
  const since = Math.floor(Date.now() / 1000) - WINDOW_SECONDS;
  const rows = await context.logDatabase.db
    .selectFrom('logs')
    .select(['group', 'created_at', 'other'])
    .where('channel_id', '=', channelId)
    .where('type', '=', LogType.consume)
    .where('created_at', '>=', since)
    .orderBy('id', 'desc')
    .limit(MAX_ROWS)
    .execute();
  const groups = new Map<string, { first: number; last: number; types: Map<string, UpstreamClientType> }>();
  for (const row of rows) {
    const time = Number(row.created_at);
    const group = row.group || 'default';
    let entry = groups.get(group);
    if (!entry) {
      entry = { first: time, last: time, types: new Map() };
      groups.set(group, entry);
    }
    entry.first = Math.min(entry.first, time);
    entry.last = Math.max(entry.last, time);
    const type = clientTypeOf(row.other);
    const usage = entry.types.get(type) ?? { client_type: type, count: 0, first_seen: time, last_seen: time };
    usage.count += 1;
    usage.first_seen = Math.min(usage.first_seen, time);
    usage.last_seen = Math.max(usage.last_seen, time);
    entry.types.set(type, usage);
  }
  return {
    groups: [...groups.entries()]
      .map(([group, entry]) => ({
        group,
        first_seen: entry.first,
        last_seen: entry.last,
        client_types: [...entry.types.values()].sort((left, right) => right.count - left.count),
      }))
      .sort((left, right) => right.last_seen - left.last_seen),
  };
}
