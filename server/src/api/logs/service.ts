/** Usage logs: lists and stats (docs/reference/logs.md); deletion in batches is jobs/retention.ts. */
import type { LogStat, Page } from '../../../../common/api-types.ts';
import { LogType } from '../../../../common/statuses.ts';
import type { AppContext } from '../../context.ts';
import { listPage, type Paging } from '../reply.ts';
import { applyLogFilter, type LogFilter } from './query.ts';
import { type LogView, toLogView } from './view.ts';

export async function listLogs(
  context: AppContext,
  filter: LogFilter,
  paging: Paging,
  admin: boolean,
): Promise<Page<LogView>> {
  const base = applyLogFilter(context.logDatabase.db.selectFrom('logs'), filter);
  const channelName = (id: number) => context.channelCache.get(id)?.name ?? '';
  return listPage(base, base.selectAll().orderBy('id', 'desc'), paging, (row) =>
    toLogView(row, admin, channelName),
  );
}

/** quota summed over the filter; rpm and tpm over the last 60 seconds (consumption rows). */
export async function logStat(context: AppContext, filter: LogFilter): Promise<LogStat> {
  const { db } = context.logDatabase;
  const consumption = { ...filter, type: LogType.consume };
  const since = Math.floor(Date.now() / 1000) - 60;
  const [total, recent] = await Promise.all([
    applyLogFilter(db.selectFrom('logs'), consumption)
      .select((builder) => builder.fn.sum<number>('quota').as('quota'))
      .executeTakeFirstOrThrow(),
    applyLogFilter(db.selectFrom('logs'), {
      ...consumption,
      startTimestamp: Math.max(since, filter.startTimestamp ?? 0),
    })
      .select((builder) => [
        builder.fn.countAll<number>().as('requests'),
        builder.fn.sum<number>('prompt_tokens').as('prompt'),
        builder.fn.sum<number>('completion_tokens').as('completion'),
      ])
      .executeTakeFirstOrThrow(),
  ]);
  return {
    quota: Number(total.quota ?? 0),
    rpm: Number(recent.requests ?? 0),
    tpm: Number(recent.prompt ?? 0) + Number(recent.completion ?? 0),
  };
}
