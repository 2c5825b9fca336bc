/**
 * How the rows of the drawing log and the task log are labelled: the status tag (both tables use the same
 * status words), the progress percentage, the duration and its colour, the channel tag's colour.
 */

export interface TagLabel {
  /** i18n key of the tag text. */
  key: string;
  /** antd Tag colour. */
  color: string;
}

const STATUS_LABELS: Record<string, TagLabel> = {
  NOT_START: { key: 'taskLog.status.notStart', color: 'default' },
  SUBMITTED: { key: 'taskLog.status.submitted', color: 'gold' },
  QUEUED: { key: 'taskLog.status.queued', color: 'orange' },
  IN_PROGRESS: { key: 'taskLog.status.inProgress', color: 'blue' },
  SUCCESS: { key: 'taskLog.status.success', color: 'green' },
  FAILURE: { key: 'taskLog.status.failure', color: 'red' },
  MODAL: { key: 'taskLog.status.modal', color: 'volcano' },
  UNKNOWN: { key: 'taskLog.status.unknown', color: 'default' },
  // The engine writes the row before the upstream has answered: the task is being submitted.
  '': { key: 'taskLog.status.submitting', color: 'cyan' },
};

/** The status tag; statuses this console does not know are shown as unknown. */
export function taskStatusLabel(status: string): TagLabel {
  return STATUS_LABELS[status] ?? { key: 'taskLog.status.unknown', color: 'default' };
}

export function isFailed(status: string): boolean {
  return status === 'FAILURE';
}

/** '50%' → 50; anything unreadable is 0, and the result stays within 0–100. */
export function progressPercent(progress: string): number {
  const value = Number.parseFloat(progress.replace('%', ''));
  if (!Number.isFinite(value)) return 0;
  return Math.min(100, Math.max(0, value));
}

/**
 * Seconds from submission to the end, or null while the task is not finished. Drawings store milliseconds,
 * tasks seconds (docs/decisions/0011-task-log-lists.md).
 */
export function taskDurationSeconds(submitTime: number, finishTime: number, unit: 'ms' | 's'): number | null {
  if (submitTime <= 0 || finishTime <= 0 || finishTime < submitTime) return null;
  const elapsed = finishTime - submitTime;
  return unit === 'ms' ? elapsed / 1000 : elapsed;
}

/** Durations above one minute are red, the others green. */
export const SLOW_TASK_SECONDS = 60;

export function durationColor(seconds: number): 'red' | 'green' {
  return seconds > SLOW_TASK_SECONDS ? 'red' : 'green';
}

/** Whole seconds as they are (42), fractions with one decimal (75.5). */
export function formatSeconds(seconds: number): string {
  return Number.isInteger(seconds) ? String(seconds) : seconds.toFixed(1);
}

const CHANNEL_COLORS = [
  'blue',
  'cyan',
  'geekblue',
  'gold',
  'green',
  'lime',
  'magenta',
  'orange',
  'purple',
  'volcano',
] as const;

/**
 * Each channel id keeps one colour, so rows of the same channel are recognised at a glance (no red: that
 * is the colour of failures and slow tasks).
 */
export function channelTagColor(channelId: number): string {
  const index = Math.abs(Math.trunc(channelId)) % CHANNEL_COLORS.length;
  return CHANNEL_COLORS[index] ?? 'default';
}
