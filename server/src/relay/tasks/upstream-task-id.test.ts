/**
 * The id a `tasks` row is polled by (server/src/relay/tasks/properties.ts upstreamTaskId): new-api's
 * `private_data.upstream_task_id` when it gave the task a public id of its own — as text (SQLite) or
 * already parsed (its `json` column on PostgreSQL and MySQL) — else `task_id`.
 */
import { describe, expect, it } from 'vitest';
import { upstreamTaskId } from './properties.ts';

describe('upstreamTaskId', () => {
  it.each([
    ['a row Switchyard wrote', { task_id: 'video_123' }, 'video_123'],
    ['no private data', { task_id: 'clip-1', private_data: null }, 'clip-1'],
    [
      "new-api's public id, private data as text",
      { task_id: 'task_AbC', private_data: '{"key":"sk-x","upstream_task_id":"video_9"}' },
      'video_9',
    ],
    [
      "new-api's public id, private data parsed by the driver",
      { task_id: 'task_AbC', private_data: { upstream_task_id: 'video_9' } },
      'video_9',
    ],
    ['private data without the id', { task_id: 'task_AbC', private_data: { key: 'sk-x' } }, 'task_AbC'],
    ['an empty id', { task_id: 'clip-2', private_data: '{"upstream_task_id":""}' }, 'clip-2'],
    ['private data that is not JSON', { task_id: 'clip-3', private_data: 'oops' }, 'clip-3'],
  ])('%s', (_name, row, expected) => {
    expect(upstreamTaskId(row)).toBe(expected);
  });
});
