/**
 * The filters of the drawing-log and task-log lists: channel (admins only), the task id (a drawing's
 * `mj_id` is the id its user knows, the gateway's own for the tasks it submitted: docs/tasks.md) and a
 * submission-time window. Bad values are a 400 naming the parameter; empty values mean "no filter" (the
 * new-api console sends `channel_id=&mj_id=` for empty fields).
 */
import type { SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.ts';
import { badRequest } from '../../lib/errors.ts';
import { parseInput } from '../reply.ts';

export interface TaskLogFilter {
  userId?: number;
  channelId?: number;
  /** `mj_id` of a drawing (the id its user knows it by), `task_id` of a task. */
  upstreamId?: string;
  /** Unix seconds, inclusive. */
  startTimestamp?: number;
  /** Unix seconds, inclusive (the whole second). */
  endTimestamp?: number;
}

/**
 * Query timestamps are unix seconds, as on every other list of this API. A value of 13 digits or more
 * cannot be seconds (that is past the year 33,000): it is read as milliseconds, which is what new-api's
 * own console sent to /api/mj/ (docs/decisions/0011-task-log-lists.md).
 */
const MILLISECONDS_FROM = 1_000_000_000_000;

const blankIsAbsent = (value: unknown) =>
  typeof value === 'string' && value.trim() === '' ? undefined : value;

const timestamp = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .trim()
    .regex(/^\d{1,16}$/, 'must be a unix timestamp in seconds')
    .transform((text) => {
      const value = Number(text);
      return value >= MILLISECONDS_FROM ? Math.floor(value / 1000) : value;
    })
    .optional(),
);

const upstreamId = z.preprocess(blankIsAbsent, z.string().trim().max(191, 'is too long').optional());

const channelId = z.preprocess(
  blankIsAbsent,
  z
    .string()
    .trim()
    .regex(/^[1-9]\d{0,9}$/, 'must be a positive channel id')
    .transform(Number)
    .optional(),
);

export type UpstreamIdParam = 'mj_id' | 'task_id';

/**
 * Reads the query string of a list. `channel_id` is a parameter of the admin lists only: the `self` lists
 * do not have it (a value there is ignored, never applied).
 */
export function readTaskLogFilter(query: unknown, idParam: UpstreamIdParam, admin: boolean): TaskLogFilter {
  const schema = z.object({
    [idParam]: upstreamId,
    start_timestamp: timestamp,
    end_timestamp: timestamp,
    ...(admin ? { channel_id: channelId } : {}),
  });
  const values = parseInput(schema, query) as Record<string, string | number | undefined>;
  const filter: TaskLogFilter = {};
  const id = values[idParam];
  if (typeof id === 'string') filter.upstreamId = id;
  if (typeof values.channel_id === 'number') filter.channelId = values.channel_id;
  if (typeof values.start_timestamp === 'number') filter.startTimestamp = values.start_timestamp;
  if (typeof values.end_timestamp === 'number') filter.endTimestamp = values.end_timestamp;
  if (
    filter.startTimestamp !== undefined &&
    filter.endTimestamp !== undefined &&
    filter.startTimestamp > filter.endTimestamp
  ) {
    throw badRequest('common.invalid_request', {
      detail: 'start_timestamp must not be after end_timestamp',
    });
  }
  return filter;
}

/** The submit_time window in the column's own unit: `perSecond` is 1000 for milliseconds, 1 for seconds. */
export function submitTimeWindow(filter: TaskLogFilter, perSecond: 1 | 1000): { from?: number; to?: number } {
  const window: { from?: number; to?: number } = {};
  if (filter.startTimestamp !== undefined) window.from = filter.startTimestamp * perSecond;
  if (filter.endTimestamp !== undefined) window.to = filter.endTimestamp * perSecond + (perSecond - 1);
  return window;
}

type TaskLogColumn = 'user_id' | 'channel_id' | 'submit_time';
type Condition<Column> = [Column, '=' | '>=' | '<=', number | string];

/** The filter as conditions on the columns that drawings and tasks share, plus the upstream id column. */
function taskLogConditions<IdColumn extends 'mj_id' | 'task_id'>(
  filter: TaskLogFilter,
  idColumn: IdColumn,
  perSecond: 1 | 1000,
): Condition<TaskLogColumn | IdColumn>[] {
  const conditions: Condition<TaskLogColumn | IdColumn>[] = [];
  if (filter.userId !== undefined) conditions.push(['user_id', '=', filter.userId]);
  if (filter.channelId !== undefined) conditions.push(['channel_id', '=', filter.channelId]);
  if (filter.upstreamId !== undefined) conditions.push([idColumn, '=', filter.upstreamId]);
  const window = submitTimeWindow(filter, perSecond);
  if (window.from !== undefined) conditions.push(['submit_time', '>=', window.from]);
  if (window.to !== undefined) conditions.push(['submit_time', '<=', window.to]);
  return conditions;
}

/** A query that takes those conditions (a Kysely select of drawings or of tasks). */
interface Filterable<Column, Self> {
  where(...condition: Condition<Column>): Self;
}

function applyConditions<Column, Query extends Filterable<Column, Query>>(
  query: Query,
  conditions: Condition<Column>[],
): Query {
  return conditions.reduce((filtered, condition) => filtered.where(...condition), query);
}

/** Drawings: `submit_time` is in milliseconds (docs/decisions/0011-task-log-lists.md). */
export function applyMidjourneyFilter<Output>(
  query: SelectQueryBuilder<Database, 'midjourneys', Output>,
  filter: TaskLogFilter,
): SelectQueryBuilder<Database, 'midjourneys', Output> {
  return applyConditions(query, taskLogConditions(filter, 'mj_id', 1000));
}

/** Tasks: `submit_time` is in seconds. */
export function applyTaskFilter<Output>(
  query: SelectQueryBuilder<Database, 'tasks', Output>,
  filter: TaskLogFilter,
): SelectQueryBuilder<Database, 'tasks', Output> {
  return applyConditions(query, taskLogConditions(filter, 'task_id', 1));
}
