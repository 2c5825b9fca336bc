/** How a task-log row is labelled: its action (MUSIC, LYRICS), its platform, and the record behind its id. */
import type { TaskView } from '../../api/task-logs.ts';
import type { TagLabel } from '../../components/task-log/task-display.ts';

const ACTION_LABELS: Record<string, TagLabel> = {
  MUSIC: { key: 'tasks.action.music', color: 'default' },
  LYRICS: { key: 'tasks.action.lyrics', color: 'magenta' },
  VIDEO: { key: 'tasks.action.video', color: 'blue' },
};

export function taskActionLabel(action: string): TagLabel {
  return ACTION_LABELS[action] ?? { key: 'tasks.action.unknown', color: 'default' };
}

const PLATFORM_LABELS: Record<string, TagLabel> = {
  suno: { key: 'tasks.platform.suno', color: 'green' },
  openai: { key: 'tasks.platform.openai', color: 'geekblue' },
};

export function platformLabel(platform: string): TagLabel {
  return PLATFORM_LABELS[platform] ?? { key: 'tasks.platform.unknown', color: 'default' };
}

/** The whole record as indented JSON (its `data` is the upstream's task, already parsed by the server). */
export function taskRecordJson(task: TaskView): string {
  return JSON.stringify(task, null, 2);
}
