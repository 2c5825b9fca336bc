import { describe, expect, it } from 'vitest';
import { disableReason, isRetryable, mapStatus, parseKeywords } from './health.ts';

describe('isRetryable', () => {
  it.each([
    [0, true],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [504, false],
    [524, false],
    [400, false],
    [401, false],
    [403, false],
    [404, false],
  ])('%i -> %s', (status, expected) => {
    expect(isRetryable(status)).toBe(expected);
  });
});

describe('disableReason', () => {
  const keywords = parseKeywords(
    'Your credit balance is too low\n\n  This organization has been disabled.  ',
  );
  it.each([
    [{ status: 401, message: 'Unauthorized' }, 'status 401: Unauthorized'],
    [{ status: 400, code: 'invalid_api_key', message: 'bad key' }, 'error code invalid_api_key: bad key'],
    [{ status: 429, type: 'insufficient_quota', message: 'quota' }, 'error type insufficient_quota: quota'],
    [{ status: 403, type: 'permission_error', message: 'no' }, 'error type permission_error: no'],
    [
      { status: 400, message: 'YOUR CREDIT BALANCE IS TOO LOW to continue' },
      'keyword "Your credit balance is too low": YOUR CREDIT BALANCE IS TOO LOW to continue',
    ],
    [{ status: 500, message: 'internal error' }, null],
    [{ status: 429, code: 'rate_limit_exceeded', message: 'slow down' }, null],
  ])('%o', (failure, expected) => {
    expect(disableReason(failure, keywords)).toBe(expected);
  });
});

describe('mapStatus', () => {
  it.each([
    [400, {}, 400],
    [400, { '400': '500' }, 500],
    [429, { '400': '500' }, 429],
  ])('%i with %o -> %i', (status, mapping, expected) => {
    expect(mapStatus(status, mapping)).toBe(expected);
  });
});
