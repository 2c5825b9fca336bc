import { describe, expect, it } from 'vitest';
import type { TaskView } from '../../api/task-logs.ts';
import { platformLabel, taskActionLabel, taskRecordJson, videoLink } from './tasks-display.ts';

describe('taskActionLabel', () => {
  it.each([
    ['MUSIC', 'tasks.action.music', 'default'],
    ['LYRICS', 'tasks.action.lyrics', 'magenta'],
    ['VIDEO', 'tasks.action.video', 'blue'],
    ['textGenerate', 'videoTasks.action.textGenerate', 'blue'],
    ['generate', 'videoTasks.action.generate', 'cyan'],
    ['firstTailGenerate', 'videoTasks.action.firstTailGenerate', 'purple'],
    ['referenceGenerate', 'videoTasks.action.referenceGenerate', 'volcano'],
    ['SWAP', 'tasks.action.unknown', 'default'],
    ['', 'tasks.action.unknown', 'default'],
  ])('%j is %s in %s', (action, key, color) => {
    expect(taskActionLabel(action)).toEqual({ key, color });
  });
});

describe('platformLabel', () => {
  it.each([
    ['suno', 'tasks.platform.suno', 'green'],
    ['openai', 'tasks.platform.openai', 'geekblue'],
    ['50', 'videoTasks.platform.kling', 'lime'],
    ['51', 'videoTasks.platform.jimeng', 'magenta'],
    ['52', 'videoTasks.platform.vidu', 'purple'],
    ['54', 'videoTasks.platform.doubaoVideo', 'volcano'],
    ['55', 'videoTasks.platform.sora', 'geekblue'],
    ['53', 'tasks.platform.unknown', 'default'],
    ['SUNO', 'tasks.platform.unknown', 'default'],
    ['', 'tasks.platform.unknown', 'default'],
  ])('%j is %s in %s', (platform, key, color) => {
    expect(platformLabel(platform)).toEqual({ key, color });
  });
});

describe('taskRecordJson', () => {
  it('shows the whole record, the upstream data nested as JSON', () => {
    const task: TaskView = {
      id: 3,
      created_at: 1_700_000_000,
      updated_at: 1_700_000_042,
      task_id: 'task-1',
      platform: 'suno',
      user_id: 2,
      quota: 100,
      action: 'MUSIC',
      status: 'SUCCESS',
      fail_reason: '',
      submit_time: 1_700_000_000,
      start_time: 1_700_000_001,
      finish_time: 1_700_000_042,
      progress: '100%',
      properties: null,
      data: [{ id: 'clip-1' }],
    };
    const text = taskRecordJson(task);
    expect(JSON.parse(text)).toEqual(task);
    expect(text).toContain('"task_id": "task-1"');
    expect(text).toContain('    {\n      "id": "clip-1"\n    }');
  });
});

describe('videoLink', () => {
  it.each([
    ['https://cdn.example/v.mp4', 'https://cdn.example/v.mp4'],
    ['HTTP://cdn.example/v.mp4', 'HTTP://cdn.example/v.mp4'],
    ['javascript:alert(1)', null],
    ['data:video/mp4;base64,AAAA', null],
    ['', null],
    [undefined, null],
  ])('%j opens %j', (url, expected) => {
    const task = { result_url: url } as Parameters<typeof videoLink>[0];
    expect(videoLink(task)).toBe(expected);
  });
});
