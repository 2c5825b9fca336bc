/**
 * GET /api/data/channel_cache?start_timestamp=&end_timestamp= (admins): the prompt-cache hits per channel
 * over a range, from the consumption log rows — so an operator sees channel affinity working
 * (docs/reference/routing.md "Affinity"). Per channel: requests, prompt tokens, cache-read tokens (`other.
 * cache_tokens`, written by server/src/relay/billing/pricing.ts) and hit rate = cache / prompt tokens (prompt
 * tokens include the cached ones for every vendor, pricing.ts TokenUsage).
 *
 * Bounded: a range longer than MAX_RANGE_DAYS is refused with 400, and at most MAX_ROWS rows — the newest —
 * are read; `truncated` and `oldest_read` then say which part of the range the numbers cover. The `other`
 * column is JSON text on every database, read here rather than with each dialect's JSON functions, so the
 * same query serves SQLite, PostgreSQL and MySQL.
 */

import type { FastifyInstance } from 'fastify';
import type { ChannelCacheReport, ChannelCacheRow } from '../../../../common/api/dashboard.ts';
import { Role } from '../../../../common/roles.ts';
import { LogType } from '../../../../common/statuses.ts';
import { requireRole } from '../../auth/guards.ts';
import type { AppContext } from '../../context.ts';
import { badRequest } from '../../lib/errors.ts';
import { type MessageTable, registerMessages } from '../../lib/messages.ts';
import { ok } from '../reply.ts';

export const MAX_RANGE_DAYS = 31;
export const MAX_ROWS = 100_000;
const DEFAULT_RANGE_SECONDS = 86_400;

export const channelCacheMessages = {
  'data.channel_cache_range': {
    en: 'The time range must end after it starts and span at most {days} days',
    zh: '时间范围的结束须晚于开始，且最长 {days} 天',
  },
} as const satisfies MessageTable;

declare module '../../lib/messages.ts' {
  interface MessageTables {
    channelCache: typeof channelCacheMessages;
  }
}

export type { ChannelCacheReport, ChannelCacheRow };

function readRange(query: Record<string, unknown>): { start: number; end: number } {
  const now = Math.floor(Date.now() / 1000);
  const end =
    query.end_timestamp === undefined || query.end_timestamp === '' ? now : Number(query.end_timestamp);
  const start =
    query.start_timestamp === undefined || query.start_timestamp === ''
      ? end - DEFAULT_RANGE_SECONDS
      : Number(query.start_timestamp);
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end) || start < 0 || end < start) {
    throw badRequest('data.channel_cache_range', { days: MAX_RANGE_DAYS });
  }
  if (end - start > MAX_RANGE_DAYS * 86_400)
    throw badRequest('data.channel_cache_range', { days: MAX_RANGE_DAYS });
  return { start, end };
}

/** `other.cache_tokens` of a log row, 0 when absent or unreadable. */
function cacheTokensOf(other: string | null): number {
  if (other === null || !other.includes('"cache_tokens"')) return 0;
  try {
    const value = (JSON.parse(other) as { cache_tokens?: unknown }).cache_tokens;
    return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : 0;
  } catch {
    return 0;
  }
}

export async function channelCacheReport(
  context: AppContext,
  start: number,
  end: number,
): Promise<ChannelCacheReport> {
  const rows = await context.logDatabase.db
    .selectFrom('logs')
    .select(['channel_id', 'prompt_tokens', 'created_at', 'other'])
    .where('type', '=', LogType.consume)
    .where('created_at', '>=', start)
    .where('created_at', '<=', end)
    .where('channel_id', '>', 0)
    .orderBy('id', 'desc')
    .limit(MAX_ROWS + 1)
    .execute();
  const truncated = rows.length > MAX_ROWS;
  if (truncated) rows.length = MAX_ROWS;
  const channels = new Map<number, ChannelCacheRow>();
  let oldest = end;
  for (const row of rows) {
    const channelId = Number(row.channel_id);
    let entry = channels.get(channelId);
    if (!entry) {
      entry = {
        channel_id: channelId,
        channel_name: context.channelCache.get(channelId)?.name ?? '',
        requests: 0,
        prompt_tokens: 0,
        cache_tokens: 0,
        hit_rate: 0,
      };
      channels.set(channelId, entry);
    }
    entry.requests += 1;
    entry.prompt_tokens += Number(row.prompt_tokens);
    entry.cache_tokens += cacheTokensOf(row.other);
    oldest = Math.min(oldest, Number(row.created_at));
  }
  for (const entry of channels.values()) {
    entry.hit_rate = entry.prompt_tokens > 0 ? Math.min(1, entry.cache_tokens / entry.prompt_tokens) : 0;
  }
  return {
    start_timestamp: start,
    end_timestamp: end,
    channels: [...channels.values()].sort(
      (left, right) => right.cache_tokens - left.cache_tokens || right.requests - left.requests,
    ),
    rows_read: rows.length,
    truncated,
    oldest_read: rows.length > 0 ? oldest : start,
  };
}

export function registerChannelCacheRoute(app: FastifyInstance, context: AppContext): void {
  registerMessages(channelCacheMessages);
  app.get('/api/data/channel_cache', { preHandler: requireRole(context, Role.admin) }, async (request) => {
    const { start, end } = readRange(request.query as Record<string, unknown>);
    return ok(await channelCacheReport(context, start, end));
  });
}
