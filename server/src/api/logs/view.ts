/**
 * Log rows as the console sees them (common/api/logs.ts); users never see channels, IPs or the channels
 * tried.
 */
import type { Selectable } from 'kysely';
import type { LogView } from '../../../../common/api/logs.ts';
import type { Database } from '../../db/schema.ts';

export type { LogView };

type LogRow = Selectable<Database['logs']>;

function userOther(other: string | null): string {
  if (!other) return '';
  try {
    const parsed = JSON.parse(other) as Record<string, unknown>;
    delete parsed.admin_info;
    return JSON.stringify(parsed);
  } catch {
    return '';
  }
}

export function toLogView(row: LogRow, admin: boolean, channelName: (id: number) => string): LogView {
  const view: LogView = {
    id: row.id,
    created_at: Number(row.created_at),
    type: row.type,
    content: row.content ?? '',
    username: row.username,
    user_id: row.user_id,
    token_name: row.token_name,
    token_id: row.token_id,
    model_name: row.model_name,
    quota: Number(row.quota),
    prompt_tokens: row.prompt_tokens,
    completion_tokens: row.completion_tokens,
    use_time: row.use_time,
    is_stream: Boolean(row.is_stream),
    group: row.group,
    other: admin ? (row.other ?? '') : userOther(row.other),
  };
  if (admin) {
    view.channel = row.channel_id;
    view.channel_name = row.channel_id ? channelName(row.channel_id) : '';
    view.ip = row.ip;
  }
  return view;
}
