/**
 * How a task-log row is labelled: its action (MUSIC, LYRICS, VIDEO, new-api's video actions), its platform
 * (Suno, OpenAI video, and the video platforms by their channel type's id, as new-api stores them), the
 * link to its finished video, and the record behind its id.
 */
import type { TaskView } from '../../api/task-logs.ts';
import type { TagLabel } from '../../components/task-log/task-display.ts';

const ACTION_LABELS: Record<string, TagLabel> = {
  MUSIC: { key: 'tasks.action.music', color: 'default' },
  LYRICS: { key: 'tasks.action.lyrics', color: 'magenta' },
  VIDEO: { key: 'tasks.action.video', color: 'blue' },
  textGenerate: { key: 'videoTasks.action.textGenerate', color: 'blue' },
  generate: { key: 'videoTasks.action.generate', color: 'cyan' },
  firstTailGenerate: { key: 'videoTasks.action.firstTailGenerate', color: 'purple' },
  referenceGenerate: { key: 'videoTasks.action.referenceGenerate', color: 'volcano' },
};

export function taskActionLabel(action: string): TagLabel {
  return ACTION_LABELS[action] ?? { key: 'tasks.action.unknown', color: 'default' };
}

const PLATFORM_LABELS: Record<string, TagLabel> = {
  suno: { key: 'tasks.platform.suno', color: 'green' },
  openai: { key: 'tasks.platform.openai', color: 'geekblue' },
  '50': { key: 'videoTasks.platform.kling', color: 'lime' },
  '51': { key: 'videoTasks.platform.jimeng', color: 'magenta' },
  '52': { key: 'videoTasks.platform.vidu', color: 'purple' },
  '54': { key: 'videoTasks.platform.doubaoVideo', color: 'volcano' },
  '55': { key: 'videoTasks.platform.sora', color: 'geekblue' },
};

export function platformLabel(platform: string): TagLabel {
  return PLATFORM_LABELS[platform] ?? { key: 'tasks.platform.unknown', color: 'default' };
}

/** The whole record as indented JSON (its `data` is the upstream's task, already parsed by the server). */
export function taskRecordJson(task: TaskView): string {
  return JSON.stringify(task, null, 2);
}

/** The finished video's address when it is a web address (http or https), else null: nothing to open. */
export function videoLink(task: TaskView): string | null {
  const url = task.result_url ?? '';
  return /^https?:\/\//i.test(url) ? url : null;
}
