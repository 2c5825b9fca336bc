/** Paged lists of drawings (`midjourneys`) and tasks (`tasks`), newest first, as the usage log pages its rows. */

import type { MidjourneyView, TaskView } from '../../../../common/api/tasks.ts';
import type { Page } from '../../../../common/api-types.ts';
import type { AppContext } from '../../context.ts';
import type { Paging } from '../reply.ts';
import { applyMidjourneyFilter, applyTaskFilter, type TaskLogFilter } from './query.ts';
import { toMidjourneyView, toTaskView } from './view.ts';

async function pageOf<Row, View>(
  rows: Promise<Row[]>,
  total: Promise<{ total: number | string | bigint }>,
  paging: Paging,
  toView: (row: Row) => View,
): Promise<Page<View>> {
  const [found, counted] = await Promise.all([rows, total]);
  return {
    items: found.map(toView),
    page: paging.page,
    page_size: paging.pageSize,
    total: Number(counted.total),
  };
}

export function listMidjourneys(
  context: AppContext,
  filter: TaskLogFilter,
  paging: Paging,
  admin: boolean,
): Promise<Page<MidjourneyView>> {
  const base = applyMidjourneyFilter(context.database.db.selectFrom('midjourneys'), filter);
  const addressing = {
    forward: context.options.getBoolean('MjForwardUrlEnabled'),
    serverAddress: context.options.get('ServerAddress'),
  };
  return pageOf(
    base.selectAll().orderBy('id', 'desc').limit(paging.pageSize).offset(paging.offset).execute(),
    base.select((builder) => builder.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    paging,
    (row) => toMidjourneyView(row, admin, addressing),
  );
}

export function listTasks(
  context: AppContext,
  filter: TaskLogFilter,
  paging: Paging,
  admin: boolean,
): Promise<Page<TaskView>> {
  const base = applyTaskFilter(context.database.db.selectFrom('tasks'), filter);
  return pageOf(
    base.selectAll().orderBy('id', 'desc').limit(paging.pageSize).offset(paging.offset).execute(),
    base.select((builder) => builder.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
    paging,
    (row) => toTaskView(row, admin),
  );
}
