/** Paged lists of drawings (`midjourneys`) and tasks (`tasks`), newest first, as the usage log pages its rows. */

import type { MidjourneyView, TaskView } from '../../../../common/api/tasks.ts';
import type { Page } from '../../../../common/api-types.ts';
import type { AppContext } from '../../context.ts';
import { savedServerAddress } from '../../options/server-address.ts';
import { issuedByGateway } from '../../relay/tasks/midjourney/task-ids.ts';
import { resultUrlOf } from '../../relay/tasks/video-platforms/view.ts';
import { listPage, type Paging } from '../reply.ts';
import { applyMidjourneyFilter, applyTaskFilter, type TaskLogFilter } from './query.ts';
import { type ImageAddressing, toMidjourneyView, toTaskView } from './view.ts';

export function listMidjourneys(
  context: AppContext,
  filter: TaskLogFilter,
  paging: Paging,
  admin: boolean,
): Promise<Page<MidjourneyView>> {
  const base = applyMidjourneyFilter(context.database.db.selectFrom('midjourneys'), filter);
  const addressing: ImageAddressing = {
    forward: context.options.getBoolean('MjForwardUrlEnabled'),
    serverAddress: savedServerAddress(context.options),
    servedByImageRoute: (row) => issuedByGateway(row),
  };
  return listPage(base, base.selectAll().orderBy('id', 'desc'), paging, (row) =>
    toMidjourneyView(row, admin, addressing),
  );
}

export function listTasks(
  context: AppContext,
  filter: TaskLogFilter,
  paging: Paging,
  admin: boolean,
): Promise<Page<TaskView>> {
  const base = applyTaskFilter(context.database.db.selectFrom('tasks'), filter);
  return listPage(base, base.selectAll().orderBy('id', 'desc'), paging, (row) =>
    toTaskView(row, admin, resultUrlOf),
  );
}
