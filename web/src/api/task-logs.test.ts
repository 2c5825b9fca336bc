import { describe, expect, it } from 'vitest';
import { buildUrl } from './client.ts';
import { type TaskLogFilters, type TaskLogKind, taskLogParams } from './task-logs.ts';

const noFilters: TaskLogFilters = { channel: null, upstreamId: '', startTimestamp: null, endTimestamp: null };

describe('taskLogParams', () => {
  it.each<[string, TaskLogKind, Partial<TaskLogFilters>, boolean, string]>([
    ['no filters', 'midjourney', {}, false, '/x'],
    ['no filters (admin)', 'task', {}, true, '/x'],
    [
      'a drawing id, trimmed, and the window',
      'midjourney',
      { upstreamId: ' mj-1 ', startTimestamp: 1_700_000_000, endTimestamp: 1_700_003_600 },
      false,
      '/x?mj_id=mj-1&start_timestamp=1700000000&end_timestamp=1700003600',
    ],
    ['a task id', 'task', { upstreamId: 'task-9' }, false, '/x?task_id=task-9'],
    ['the channel is dropped for users', 'task', { channel: 7 }, false, '/x'],
    ['the channel for admins', 'midjourney', { channel: 7 }, true, '/x?channel_id=7'],
    ['a blank id is no filter', 'task', { upstreamId: '   ' }, true, '/x'],
  ])('%s', (_name, kind, filters, admin, url) => {
    expect(buildUrl('/x', taskLogParams(kind, { ...noFilters, ...filters }, admin))).toBe(url);
  });
});
