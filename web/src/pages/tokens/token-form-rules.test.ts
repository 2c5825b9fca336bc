import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import type { TokenView } from '../../api/tokens.ts';
import {
  defaultFormValues,
  type ExpiryQuickOption,
  expiryFieldValue,
  expiryToSeconds,
  formValuesFromToken,
  modelLimitsText,
  normalizeAllowIps,
  parseQuotaInput,
  parseTokenCount,
  prepareSubmission,
  quickExpirySeconds,
  quotaPresets,
  type TokenFormValues,
} from './token-form-rules.ts';

describe('quotaPresets', () => {
  it.each([
    [500_000, [500_000, 5_000_000, 25_000_000, 50_000_000, 250_000_000, 500_000_000]],
    [1000, [1000, 10_000, 50_000, 100_000, 500_000, 1_000_000]],
    [0, [500_000, 5_000_000, 25_000_000, 50_000_000, 250_000_000, 500_000_000]],
    [2.5, [3, 25, 125, 250, 1250, 2500]],
  ])('quota_per_unit %d gives %o', (quotaPerUnit, expected) => {
    const presets = quotaPresets(quotaPerUnit);
    expect(presets.map((preset) => preset.dollars)).toEqual([1, 10, 50, 100, 500, 1000]);
    expect(presets.map((preset) => preset.quota)).toEqual(expected);
  });
});

describe('quickExpirySeconds', () => {
  const now = Date.UTC(2025, 5, 15, 12, 0, 0, 750);
  const nowSeconds = Date.UTC(2025, 5, 15, 12, 0, 0) / 1000;
  it.each<[ExpiryQuickOption, number]>([
    ['never', -1],
    ['hour', nowSeconds + 3600],
    ['day', nowSeconds + 86_400],
    ['month', nowSeconds + 30 * 86_400],
  ])('%s gives %i', (option, expected) => {
    expect(quickExpirySeconds(option, now)).toBe(expected);
  });
});

describe('expiryToSeconds', () => {
  const local = new Date(2025, 0, 2, 3, 4, 5);
  it.each([
    [null, -1],
    [undefined, -1],
    ['', -1],
    ['   ', -1],
    [dayjs(local), local.getTime() / 1000],
    [dayjs(local.getTime() + 200), local.getTime() / 1000 + 1],
    ['2025-01-02T03:04:05Z', Date.UTC(2025, 0, 2, 3, 4, 5) / 1000],
    ['not a date', null],
    ['2025-13-45 99:99', null],
    [dayjs('garbage'), null],
  ])('%o gives %o', (value, expected) => {
    expect(expiryToSeconds(value)).toBe(expected);
  });

  it('round-trips through the field value', () => {
    expect(expiryFieldValue(-1)).toBeNull();
    expect(expiryToSeconds(expiryFieldValue(1_750_000_000))).toBe(1_750_000_000);
  });
});

describe('parseTokenCount', () => {
  it.each([
    [1, 1],
    [3, 3],
    [100, 100],
    ['20', 20],
    [' 7 ', 7],
    [0, null],
    [-1, null],
    [1.5, null],
    ['2.5', null],
    ['', null],
    ['abc', null],
    [null, null],
    [undefined, null],
    [Number.NaN, null],
  ])('%o gives %o', (value, expected) => {
    expect(parseTokenCount(value)).toBe(expected);
  });
});

describe('parseQuotaInput', () => {
  it.each([
    [500_000, 500_000],
    [12.9, 12],
    ['42', 42],
    ['', 0],
    [null, 0],
    ['x', 0],
  ])('%o gives %i', (value, expected) => {
    expect(parseQuotaInput(value)).toBe(expected);
  });
});

describe('normalizeAllowIps', () => {
  it.each([
    ['', ''],
    ['1.2.3.4', '1.2.3.4'],
    [' 1.2.3.4 \n\n10.0.0.0/8\r\n  ', '1.2.3.4\n10.0.0.0/8'],
  ])('%o gives %o', (text, expected) => {
    expect(normalizeAllowIps(text)).toBe(expected);
  });
});

describe('modelLimitsText', () => {
  it.each<[boolean, string[], string]>([
    [true, ['gpt-4o', 'claude-3'], 'gpt-4o,claude-3'],
    [true, [' gpt-4o ', 'gpt-4o', ''], 'gpt-4o'],
    [true, [], ''],
    [false, ['gpt-4o'], ''],
  ])('enabled %s with %o gives %o', (enabled, models, expected) => {
    expect(modelLimitsText(enabled, models)).toBe(expected);
  });
});

/** How the site shows quota: in dollars at the default 500,000 per dollar. */
const QUOTA = { quotaPerUnit: 500_000, displayInCurrency: true };

describe('prepareSubmission', () => {
  const valid: TokenFormValues = { ...defaultFormValues(''), name: ' work ' };

  it.each<[string, Partial<TokenFormValues>, 'create' | 'edit', string]>([
    ['an empty name', { name: '' }, 'create', 'tokens.validation.nameRequired'],
    ['a blank name', { name: '   ' }, 'edit', 'tokens.validation.nameRequired'],
    ['an unparsable expiry', { expiry: 'tomorrow-ish' }, 'create', 'tokens.validation.expiryFormat'],
    ['a zero count', { count: 0 }, 'create', 'tokens.validation.countInvalid'],
    ['a fractional count', { count: 2.5 }, 'create', 'tokens.validation.countInvalid'],
    ['an empty count', { count: null }, 'create', 'tokens.validation.countInvalid'],
  ])('refuses %s', (_case, overrides, mode, error) => {
    expect(prepareSubmission({ ...valid, ...overrides }, mode, QUOTA)).toEqual({ ok: false, error });
  });

  it('ignores the count when editing', () => {
    expect(prepareSubmission({ ...valid, count: null }, 'edit', QUOTA)).toMatchObject({ ok: true, count: 1 });
  });

  it('builds the payload of the defaults', () => {
    expect(prepareSubmission({ ...valid, count: '3' }, 'create', QUOTA)).toEqual({
      ok: true,
      count: 3,
      payload: {
        name: 'work',
        remain_quota: 500_000,
        expired_time: -1,
        unlimited_quota: false,
        model_limits_enabled: false,
        model_limits: '',
        allow_ips: '',
        group: '',
        limits: {},
      },
    });
  });

  it('sends the traffic limits with the budget in quota units', () => {
    const limits = {
      ...valid.limits,
      rpm: 60,
      budget: 2,
      budget_period: 'week' as const,
      timezone: 'Asia/Shanghai',
    };
    expect(prepareSubmission({ ...valid, limits }, 'edit', QUOTA)).toMatchObject({
      ok: true,
      payload: { limits: { rpm: 60, budget: 1_000_000, budget_period: 'week', timezone: 'Asia/Shanghai' } },
    });
  });

  it.each([
    [{ tpm: -10 }, { field: 'tpm', code: 'limit_not_whole' }],
    [
      { rpd: 3, timezone: 'Nowhere/City' },
      { field: 'timezone', code: 'limit_timezone' },
    ],
  ])('refuses the limits %j', (overrides, problem) => {
    expect(
      prepareSubmission({ ...valid, limits: { ...valid.limits, ...overrides } }, 'create', QUOTA),
    ).toEqual({
      ok: false,
      problem,
    });
  });

  it('carries expiry, limits, IPs and group', () => {
    const expiry = dayjs(new Date(2030, 0, 1, 0, 0, 0));
    const result = prepareSubmission(
      {
        ...valid,
        remain_quota: 1234,
        unlimited_quota: true,
        expiry,
        model_limits_enabled: true,
        model_limits: ['gpt-4o', 'o3'],
        allow_ips: '1.1.1.1\n\n2.2.2.2',
        group: 'vip',
      },
      'edit',
      QUOTA,
    );
    expect(result).toEqual({
      ok: true,
      count: 1,
      payload: {
        name: 'work',
        remain_quota: 1234,
        expired_time: expiry.unix(),
        unlimited_quota: true,
        model_limits_enabled: true,
        model_limits: 'gpt-4o,o3',
        allow_ips: '1.1.1.1\n2.2.2.2',
        group: 'vip',
        limits: {},
      },
    });
  });
});

describe('formValuesFromToken', () => {
  const token: TokenView = {
    id: 3,
    user_id: 1,
    key: 'k'.repeat(48),
    status: 1,
    name: 'work',
    created_time: 1_700_000_000,
    accessed_time: 1_700_000_000,
    expired_time: 1_800_000_000,
    remain_quota: 42,
    unlimited_quota: false,
    model_limits_enabled: true,
    model_limits: 'gpt-4o, o3,',
    allow_ips: '1.1.1.1',
    used_quota: 0,
    group: 'vip',
    limits: { concurrency: 2, budget: 250_000, budget_period: 'month', timezone: 'Europe/Berlin' },
  };

  it('fills the form and submits the same token back', () => {
    const values = formValuesFromToken(token, QUOTA);
    expect(values.model_limits).toEqual(['gpt-4o', 'o3']);
    expect(values.limits).toMatchObject({ concurrency: 2, budget: 0.5, budget_period: 'month' });
    expect(prepareSubmission(values, 'edit', QUOTA)).toEqual({
      ok: true,
      count: 1,
      payload: {
        name: 'work',
        remain_quota: 42,
        expired_time: 1_800_000_000,
        unlimited_quota: false,
        model_limits_enabled: true,
        model_limits: 'gpt-4o,o3',
        allow_ips: '1.1.1.1',
        group: 'vip',
        limits: { concurrency: 2, budget: 250_000, budget_period: 'month', timezone: 'Europe/Berlin' },
      },
    });
  });

  it('maps never-expiring tokens to an empty expiry', () => {
    expect(formValuesFromToken({ ...token, expired_time: -1 }, QUOTA).expiry).toBeNull();
  });
});
