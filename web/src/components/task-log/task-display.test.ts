import { describe, expect, it } from 'vitest';
import {
  channelTagColor,
  durationColor,
  formatSeconds,
  isFailed,
  progressPercent,
  taskDurationSeconds,
  taskStatusLabel,
} from './task-display.ts';

describe('taskStatusLabel', () => {
  it.each([
    ['NOT_START', 'taskLog.status.notStart', 'default'],
    ['SUBMITTED', 'taskLog.status.submitted', 'gold'],
    ['QUEUED', 'taskLog.status.queued', 'orange'],
    ['IN_PROGRESS', 'taskLog.status.inProgress', 'blue'],
    ['SUCCESS', 'taskLog.status.success', 'green'],
    ['FAILURE', 'taskLog.status.failure', 'red'],
    ['MODAL', 'taskLog.status.modal', 'volcano'],
    ['UNKNOWN', 'taskLog.status.unknown', 'default'],
    ['', 'taskLog.status.submitting', 'cyan'],
    ['SOMETHING_NEW', 'taskLog.status.unknown', 'default'],
    ['success', 'taskLog.status.unknown', 'default'],
  ])('%j is %s in %s', (status, key, color) => {
    expect(taskStatusLabel(status)).toEqual({ key, color });
  });

  it('knows which status is a failure', () => {
    expect(isFailed('FAILURE')).toBe(true);
    expect(isFailed('SUCCESS')).toBe(false);
  });
});

describe('progressPercent', () => {
  it.each([
    ['50%', 50],
    ['100%', 100],
    ['0%', 0],
    ['12.5%', 12.5],
    ['', 0],
    ['abc', 0],
    ['150%', 100],
    ['-5%', 0],
  ])('%j is %d', (progress, percent) => {
    expect(progressPercent(progress)).toBe(percent);
  });
});

describe('taskDurationSeconds', () => {
  it('reads drawings in milliseconds and tasks in seconds', () => {
    expect(taskDurationSeconds(1_700_000_000_000, 1_700_000_075_500, 'ms')).toBe(75.5);
    expect(taskDurationSeconds(1_700_000_000, 1_700_000_042, 's')).toBe(42);
  });

  it.each([
    [0, 1_700_000_000],
    [1_700_000_000, 0],
    [1_700_000_100, 1_700_000_000],
  ])('has no duration for submit %d and finish %d', (submit, finish) => {
    expect(taskDurationSeconds(submit, finish, 's')).toBeNull();
  });
});

describe('durationColor', () => {
  it.each([
    [0, 'green'],
    [59.9, 'green'],
    [60, 'green'],
    [60.1, 'red'],
    [3600, 'red'],
  ])('%d s is %s', (seconds, color) => {
    expect(durationColor(seconds)).toBe(color);
  });
});

describe('formatSeconds', () => {
  it.each([
    [42, '42'],
    [75.5, '75.5'],
    [0.25, '0.3'],
  ])('%d is %s', (seconds, text) => {
    expect(formatSeconds(seconds)).toBe(text);
  });
});

describe('channelTagColor', () => {
  it('gives a channel the same colour every time and neighbours different ones', () => {
    expect(channelTagColor(7)).toBe(channelTagColor(7));
    expect(channelTagColor(7)).not.toBe(channelTagColor(8));
    expect(channelTagColor(0)).toBe('blue');
    expect(channelTagColor(10)).toBe('blue');
    expect(channelTagColor(9)).not.toBe('red');
    expect(channelTagColor(-3)).toBe(channelTagColor(3));
  });
});
