import { describe, expect, it } from 'vitest';
import {
  balanceText,
  channelStatusLabel,
  parseStatusReason,
  providerName,
  responseTimeLabel,
  sortedGroups,
  splitList,
  statusToggle,
} from './channel-display.ts';

describe('channelStatusLabel', () => {
  it.each([
    [1, 'channels.status.enabled', 'green'],
    [2, 'channels.status.disabled', 'yellow'],
    [3, 'channels.status.autoDisabled', 'yellow'],
    [0, 'channels.status.unknown', 'default'],
    [9, 'channels.status.unknown', 'default'],
  ])('status %i is %s in %s', (status, key, color) => {
    expect(channelStatusLabel(status)).toEqual({ key, color });
  });
});

describe('statusToggle', () => {
  it.each([
    [1, 'disable', 2],
    [2, 'enable', 1],
    [3, 'enable', 1],
    [0, 'enable', 1],
  ])('status %i offers %s (sets %i)', (status, action, next) => {
    expect(statusToggle(status)).toEqual({ action, status: next });
  });
});

describe('responseTimeLabel', () => {
  it.each([
    [0, 'default', null],
    [-5, 'default', null],
    [Number.NaN, 'default', null],
    [1, 'green', '0.00'],
    [1000, 'green', '1.00'],
    [1001, 'lime', '1.00'],
    [3000, 'lime', '3.00'],
    [3001, 'yellow', '3.00'],
    [5000, 'yellow', '5.00'],
    [5001, 'red', '5.00'],
    [12_345, 'red', '12.35'],
  ])('%d ms is %s (%s s)', (milliseconds, color, seconds) => {
    expect(responseTimeLabel(milliseconds)).toEqual({ color, seconds });
  });
});

describe('parseStatusReason', () => {
  it.each([
    [null, null],
    [undefined, null],
    ['', null],
    ['not json', null],
    ['[]', null],
    ['{}', null],
    ['{"status_reason":""}', null],
    [
      '{"status_reason":"invalid key","status_time":1700000000}',
      { reason: 'invalid key', time: 1_700_000_000 },
    ],
    ['{"status_reason":"quota","status_time":0}', { reason: 'quota', time: null }],
    ['{"status_reason":"quota"}', { reason: 'quota', time: null }],
  ])('%o gives %o', (text, expected) => {
    expect(parseStatusReason(text)).toEqual(expected);
  });
});

describe('providerName', () => {
  it.each([
    [1, 'OpenAI'],
    [3, 'Azure OpenAI'],
    [41, 'Vertex AI'],
    [999, null],
  ])('type %i is %o', (type, name) => {
    expect(providerName(type)).toBe(name);
  });
});

describe('splitList and sortedGroups', () => {
  it.each([
    [null, []],
    ['', []],
    ['a', ['a']],
    [' a , b,,a ', ['a', 'b']],
  ])('splitList(%o) gives %o', (text, expected) => {
    expect(splitList(text)).toEqual(expected);
  });

  it('puts default first and the rest in order', () => {
    expect(sortedGroups('vip,default,alpha')).toEqual(['default', 'alpha', 'vip']);
    expect(sortedGroups('b,a')).toEqual(['a', 'b']);
  });
});

describe('balanceText', () => {
  it.each([
    [0, '$0.00'],
    [12.345, '$12.35'],
    [Number.NaN, '$0.00'],
  ])('%d is %s', (balance, text) => {
    expect(balanceText(balance)).toBe(text);
  });
});
