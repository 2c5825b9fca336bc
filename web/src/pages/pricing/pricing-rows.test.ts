import { describe, expect, it } from 'vitest';
import type { PricingModel } from '../../api/pricing.ts';
import {
  compareAvailability,
  compareQuotaType,
  filterRows,
  groupRatioOf,
  initialViewedGroup,
  isAvailableIn,
  matchesModelSearch,
  pricingRows,
  selectedModelsText,
  usableGroupsOf,
} from './pricing-rows.ts';

function model(name: string, groups: string[], quotaType = 0): PricingModel {
  return {
    model_name: name,
    quota_type: quotaType,
    model_ratio: 1,
    model_price: 0,
    completion_ratio: 1,
    enable_groups: groups,
  };
}

describe('isAvailableIn', () => {
  it.each([
    [['default', 'vip'], 'default', true],
    [['default', 'vip'], 'vip', true],
    [['vip'], 'default', false],
    [[], 'default', false],
    [['Default'], 'default', false],
  ])('enable_groups %o, group %s → %s', (groups, group, expected) => {
    expect(isAvailableIn({ enable_groups: groups }, group)).toBe(expected);
  });
});

describe('pricingRows', () => {
  const models = [
    model('gpt-4o', ['default', 'vip']),
    model('claude-3', ['vip']),
    model('dall-e-3', ['default'], 1),
  ];

  it.each([
    ['default', { 'claude-3': false, 'dall-e-3': true, 'gpt-4o': true }],
    ['vip', { 'claude-3': true, 'dall-e-3': false, 'gpt-4o': true }],
    ['svip', { 'claude-3': false, 'dall-e-3': false, 'gpt-4o': false }],
  ])('marks availability for group %s', (group, expected) => {
    const rows = pricingRows(models, group);
    expect(rows.map((row) => row.model_name)).toEqual(['claude-3', 'dall-e-3', 'gpt-4o']);
    expect(Object.fromEntries(rows.map((row) => [row.model_name, row.available]))).toEqual(expected);
  });

  it('treats missing enable_groups as none', () => {
    const broken = { ...model('x', []), enable_groups: undefined } as unknown as PricingModel;
    expect(pricingRows([broken], 'default')).toEqual([{ ...model('x', []), available: false }]);
  });
});

describe('sorting', () => {
  const available = { ...model('a', ['default']), available: true };
  const unavailable = { ...model('b', []), available: false };
  it.each([
    [unavailable, available, -1],
    [available, unavailable, 1],
    [available, available, 0],
  ])('compareAvailability #%#', (left, right, sign) => {
    expect(Math.sign(compareAvailability(left, right))).toBe(sign);
  });

  it.each([
    [0, 1, -1],
    [1, 0, 1],
    [1, 1, 0],
  ])('compareQuotaType %i vs %i', (left, right, sign) => {
    expect(Math.sign(compareQuotaType(model('a', [], left), model('b', [], right)))).toBe(sign);
  });
});

describe('usableGroupsOf', () => {
  it.each([
    [['default', 'vip', 'internal'], { default: 'Default', vip: 'VIP' }, ['default', 'vip']],
    [['vip', 'default'], { default: 'Default', vip: 'VIP' }, ['vip', 'default']],
    [['internal'], { default: 'Default' }, []],
    [['toString'], {}, []],
  ])('%o with usable %o → %o', (groups, usable, expected) => {
    expect(usableGroupsOf({ enable_groups: groups }, usable)).toEqual(expected);
  });
});

describe('groupRatioOf', () => {
  it.each([
    [{ default: 1, vip: 2.5 }, 'vip', 2.5],
    [{ default: 1, free: 0 }, 'free', 0],
    [{ default: 1 }, 'svip', 1],
    [undefined, 'default', 1],
  ])('%o[%s] → %d', (ratios, group, expected) => {
    expect(groupRatioOf(ratios, group)).toBe(expected);
  });
});

describe('initialViewedGroup', () => {
  it.each([
    ['vip', 'vip'],
    [' vip ', 'vip'],
    ['', 'default'],
    [null, 'default'],
    [undefined, 'default'],
  ])('%s → %s', (group, expected) => {
    expect(initialViewedGroup(group)).toBe(expected);
  });
});

describe('matchesModelSearch', () => {
  it.each([
    ['gpt-4o-mini', '', true],
    ['gpt-4o-mini', '   ', true],
    ['gpt-4o-mini', 'mini', true],
    ['gpt-4o-mini', 'GPT', true],
    ['gpt-4o-mini', 'gpt4o', true],
    ['gpt-4o-mini', '4o mini', true],
    ['gpt-4o-mini', 'mini 4o', true],
    ['gpt-4o-mini', 'gpt-4o_mini', true],
    ['gpt-4o-mini', 'claude', false],
    ['gpt-4o-mini', 'gpt claude', false],
    ['claude-3-5-sonnet-20241022', 'sonnet 2024', true],
    ['deepseek/deepseek-chat', 'deepseekchat', true],
    ['通义千问-max', '千问', true],
  ])('%s with query %j → %s', (name, query, expected) => {
    expect(matchesModelSearch(name, query)).toBe(expected);
  });

  it('filterRows keeps the matching rows in order', () => {
    const rows = [model('gpt-4o', []), model('claude-3', []), model('gpt-4o-mini', [])];
    expect(filterRows(rows, 'gpt').map((row) => row.model_name)).toEqual(['gpt-4o', 'gpt-4o-mini']);
  });
});

describe('selectedModelsText', () => {
  it.each([
    [[], ''],
    [['gpt-4o'], 'gpt-4o'],
    [['gpt-4o', 'claude-3'], 'gpt-4o,claude-3'],
  ])('%o → %j', (names, expected) => {
    expect(selectedModelsText(names)).toBe(expected);
  });
});
