import { describe, expect, it } from 'vitest';
import type { QuotaDisplaySettings } from '../../../common/quota-format.ts';
import {
  budgetFromInput,
  budgetProblem,
  budgetToInput,
  channelLimitFormValues,
  channelLimitsFromForm,
  countOfLimits,
  countProblem,
  type LimitFormValues,
  limitFormValues,
  limitSetFromForm,
  problemMessage,
  timeZoneChoices,
  timeZoneProblem,
} from './limit-fields-rules.ts';

const CURRENCY: QuotaDisplaySettings = { quotaPerUnit: 500_000, displayInCurrency: true };
const UNITS: QuotaDisplaySettings = { quotaPerUnit: 500_000, displayInCurrency: false };

function form(values: Partial<LimitFormValues>): LimitFormValues {
  return { ...limitFormValues(undefined, UNITS), ...values };
}

describe('budget input', () => {
  it.each([
    [2_500_000, CURRENCY, 5],
    [1, CURRENCY, 0.000002],
    [2_500_000, UNITS, 2_500_000],
  ])('shows %d quota as %d', (quota, settings, shown) => {
    expect(budgetToInput(quota, settings)).toBe(shown);
  });

  it.each([
    [5, CURRENCY, 2_500_000],
    ['1.5', CURRENCY, 750_000],
    [0.0000001, CURRENCY, 1],
    [0, CURRENCY, 0],
    [-1, CURRENCY, -500_000],
    [null, CURRENCY, null],
    ['  ', CURRENCY, null],
    [2_500_000, UNITS, 2_500_000],
    [1.5, UNITS, 1.5],
  ])('reads %s as %s quota', (input, settings, quota) => {
    expect(budgetFromInput(input, settings)).toBe(quota);
  });

  it('reads text that is not a number as NaN so the check refuses it', () => {
    expect(budgetFromInput('abc', CURRENCY)).toBeNaN();
  });
});

describe('limitFormValues', () => {
  it('fills empty inputs with the default period and time zone', () => {
    expect(limitFormValues(undefined, CURRENCY)).toEqual({
      rpm: null,
      tpm: null,
      rpd: null,
      tpd: null,
      concurrency: null,
      budget: null,
      budget_period: 'day',
      timezone: 'UTC',
    });
  });

  it('shows a stored set with its budget in the display currency', () => {
    expect(
      limitFormValues(
        { rpm: 60, tpm: 10_000, budget: 2_500_000, budget_period: 'month', timezone: 'Asia/Shanghai' },
        CURRENCY,
      ),
    ).toMatchObject({
      rpm: 60,
      tpm: 10_000,
      rpd: null,
      budget: 5,
      budget_period: 'month',
      timezone: 'Asia/Shanghai',
    });
  });

  it('splits a channel set into its own caps and the per-key caps', () => {
    const values = channelLimitFormValues({ concurrency: 4, key_limits: { rpm: 30 } }, UNITS);
    expect(values.concurrency).toBe(4);
    expect(values.rpm).toBeNull();
    expect(values.key_limits.rpm).toBe(30);
    expect(values.key_limits.concurrency).toBeNull();
  });
});

describe('limitSetFromForm', () => {
  it('sends a set that limits nothing as {}', () => {
    expect(limitSetFromForm(form({}), UNITS)).toEqual({ ok: true, limits: {} });
    expect(limitSetFromForm(undefined, UNITS)).toEqual({ ok: true, limits: {} });
    expect(limitSetFromForm(form({ rpm: 0, budget: 0 }), CURRENCY)).toEqual({ ok: true, limits: {} });
  });

  it('converts the budget to quota units and keeps the period and time zone', () => {
    expect(
      limitSetFromForm(
        form({ rpm: 60, budget: 5, budget_period: 'week', timezone: ' Europe/Berlin ' }),
        CURRENCY,
      ),
    ).toEqual({
      ok: true,
      limits: { rpm: 60, budget: 2_500_000, budget_period: 'week', timezone: 'Europe/Berlin' },
    });
  });

  it.each([
    [{ rpm: -1 }, UNITS, 'rpm', 'limit_not_whole'],
    [{ tpm: 1.5 }, UNITS, 'tpm', 'limit_not_whole'],
    [{ budget: -2 }, CURRENCY, 'budget', 'limit_not_whole'],
    [{ budget: 10.5 }, UNITS, 'budget', 'limit_not_whole'],
    [{ rpm: 5, timezone: 'Mars/Olympus' }, UNITS, 'timezone', 'limit_timezone'],
    [{ rpm: 5, budget_period: 'year' as 'day' }, UNITS, 'budget_period', 'limit_period'],
  ])('refuses %j with the problem of parseLimitSet', (values, settings, field, code) => {
    expect(limitSetFromForm(form(values), settings)).toEqual({ ok: false, problem: { field, code } });
  });
});

describe('channelLimitsFromForm', () => {
  const channel = (own: Partial<LimitFormValues>, perKey: Partial<LimitFormValues>) => ({
    ...form(own),
    key_limits: form(perKey),
  });

  it('keeps per-key caps only when they limit something', () => {
    expect(channelLimitsFromForm(channel({ concurrency: 8 }, {}), UNITS)).toEqual({
      ok: true,
      limits: { concurrency: 8, budget_period: 'day', timezone: 'UTC' },
    });
    expect(channelLimitsFromForm(channel({}, { rpm: 20 }), UNITS)).toEqual({
      ok: true,
      limits: { key_limits: { rpm: 20, budget_period: 'day', timezone: 'UTC' } },
    });
  });

  it('names a per-key problem under key_limits', () => {
    expect(channelLimitsFromForm(channel({}, { tpd: -5 }), UNITS)).toEqual({
      ok: false,
      problem: { field: 'key_limits.tpd', code: 'limit_not_whole' },
    });
  });

  it('reads a channel form that never showed its per-key inputs', () => {
    expect(channelLimitsFromForm({ ...form({ rpm: 3 }) }, UNITS)).toEqual({
      ok: true,
      limits: { rpm: 3, budget_period: 'day', timezone: 'UTC' },
    });
  });
});

describe('field checks', () => {
  it.each([
    [null, null],
    ['', null],
    [0, null],
    [60, null],
    ['60', null],
    [-1, 'limits.problem.limit_not_whole'],
    [2.5, 'limits.problem.limit_not_whole'],
    ['x', 'limits.problem.limit_not_whole'],
  ])('count %j → %s', (value, problem) => {
    expect(countProblem(value)).toBe(problem);
  });

  it.each([
    [null, CURRENCY, null],
    [1.25, CURRENCY, null],
    [-0.01, CURRENCY, 'limits.problem.budget_negative'],
    [1.25, UNITS, 'limits.problem.limit_not_whole'],
    [-3, UNITS, 'limits.problem.budget_negative'],
    [300, UNITS, null],
  ])('budget %j → %s', (value, settings, problem) => {
    expect(budgetProblem(value, settings)).toBe(problem);
  });

  it.each([
    ['', null],
    ['UTC', null],
    ['Asia/Shanghai', null],
    ['Mars/Olympus', 'limits.problem.limit_timezone'],
    [42, null],
  ])('time zone %j → %s', (value, problem) => {
    expect(timeZoneProblem(value)).toBe(problem);
  });
});

describe('summaries and messages', () => {
  it('counts the limits a set holds, budget included', () => {
    expect(countOfLimits(undefined)).toBe(0);
    expect(countOfLimits({ budget_period: 'week', timezone: 'UTC' })).toBe(0);
    expect(countOfLimits({ rpm: 1, tpm: 0, budget: 5 })).toBe(2);
  });

  it('suggests the own zone first, then UTC, without duplicates', () => {
    expect(timeZoneChoices('Asia/Tokyo', ['Asia/Tokyo', 'Europe/Paris'])).toEqual([
      'Asia/Tokyo',
      'UTC',
      'Europe/Paris',
    ]);
    expect(timeZoneChoices(undefined, ['UTC'])).toEqual(['UTC']);
  });

  it('names the field of a problem, per-key fields under their heading', () => {
    expect(problemMessage({ field: 'rpm', code: 'limit_not_whole' })).toEqual({
      key: 'limits.problem.limit_not_whole',
      field: 'limits.fields.rpm',
      perKey: false,
    });
    expect(problemMessage({ field: 'key_limits.timezone', code: 'limit_timezone' })).toEqual({
      key: 'limits.problem.limit_timezone',
      field: 'limits.fields.timezone',
      perKey: true,
    });
  });
});
