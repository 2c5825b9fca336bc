import { describe, expect, it } from 'vitest';
import {
  type AllowanceHold,
  allowanceOrder,
  chooseAllowance,
  type SubscriptionAllowance,
  settleAllowance,
  takeOf,
} from './subscription-charge.ts';

const now = 1_000_000;

function allowance(overrides: Partial<SubscriptionAllowance>): SubscriptionAllowance {
  return {
    id: 1,
    subscriptionId: 1,
    planId: 1,
    planTitle: 'Plan',
    modelName: 'gpt-x',
    quotaType: 0,
    total: 1000,
    used: 0,
    endTime: now + 3600,
    ...overrides,
  };
}

describe('chooseAllowance', () => {
  it('takes the allowance ending last, skipping other models, used-up and ended ones', () => {
    const items = [
      allowance({ id: 1, subscriptionId: 1, endTime: now + 100 }),
      allowance({ id: 2, subscriptionId: 2, endTime: now + 900 }),
      allowance({ id: 3, subscriptionId: 3, endTime: now + 5000, modelName: 'other' }),
      allowance({ id: 4, subscriptionId: 4, endTime: now + 4000, used: 1000 }),
      allowance({ id: 5, subscriptionId: 5, endTime: now }),
      allowance({ id: 6, subscriptionId: 6, endTime: now + 900 }),
    ].sort(allowanceOrder);
    expect(chooseAllowance(items, 'gpt-x', now)?.id).toBe(6);
    expect(chooseAllowance(items, 'other', now)?.id).toBe(3);
    expect(chooseAllowance(items, 'nothing', now)).toBeNull();
    expect(chooseAllowance(items, 'other', now + 5000)).toBeNull();
  });

  it('a request allowance needs one whole request left', () => {
    expect(chooseAllowance([allowance({ quotaType: 1, total: 3, used: 3 })], 'gpt-x', now)).toBeNull();
    expect(chooseAllowance([allowance({ quotaType: 1, total: 3, used: 2 })], 'gpt-x', now)?.id).toBe(1);
  });
});

describe('takeOf and settleAllowance', () => {
  const cases: {
    name: string;
    item: Partial<SubscriptionAllowance>;
    reserve: number | null;
    finalQuota: number;
    expected: { unitsDelta: number; covered: number; coveredDelta: number } | null;
  }[] = [
    {
      name: 'quota allowance larger than the call: pays all',
      item: { total: 1000, used: 0 },
      reserve: 300,
      finalQuota: 250,
      expected: { unitsDelta: -50, covered: 250, coveredDelta: -50 },
    },
    {
      name: 'quota allowance smaller than the call: used up, the balance pays the rest',
      item: { total: 100, used: 0 },
      reserve: 300,
      finalQuota: 250,
      expected: { unitsDelta: 0, covered: 100, coveredDelta: 0 },
    },
    {
      name: 'real cost above the estimate: the allowance pays more while it has some left',
      item: { total: 1000, used: 0 },
      reserve: 300,
      finalQuota: 500,
      expected: { unitsDelta: 200, covered: 500, coveredDelta: 200 },
    },
    {
      name: 'failed call: the quota allowance gets its take back',
      item: { total: 1000, used: 0 },
      reserve: 300,
      finalQuota: 0,
      expected: { unitsDelta: -300, covered: 0, coveredDelta: -300 },
    },
    {
      name: 'request allowance: one request pays the whole call',
      item: { quotaType: 1, total: 5, used: 0 },
      reserve: 300,
      finalQuota: 420,
      expected: { unitsDelta: 0, covered: 420, coveredDelta: 120 },
    },
    {
      name: 'failed call: the request is given back',
      item: { quotaType: 1, total: 5, used: 0 },
      reserve: 300,
      finalQuota: 0,
      expected: { unitsDelta: -1, covered: 0, coveredDelta: -300 },
    },
    {
      name: 'no reservation: chosen at settlement, quota allowance partly',
      item: { total: 100, used: 40 },
      reserve: null,
      finalQuota: 250,
      expected: { unitsDelta: 60, covered: 60, coveredDelta: 60 },
    },
    {
      name: 'no reservation: request allowance',
      item: { quotaType: 1, total: 5, used: 4 },
      reserve: null,
      finalQuota: 250,
      expected: { unitsDelta: 1, covered: 250, coveredDelta: 250 },
    },
    {
      name: 'no reservation, nothing charged: the allowance is not touched',
      item: { quotaType: 1, total: 5, used: 0 },
      reserve: null,
      finalQuota: 0,
      expected: null,
    },
  ];
  it.each(cases)('$name', ({ item: overrides, reserve, finalQuota, expected }) => {
    const item = allowance(overrides);
    let hold: AllowanceHold | undefined;
    if (reserve !== null) {
      const taken = takeOf(item, reserve);
      item.used += taken.units;
      hold = { itemId: item.id, quotaType: item.quotaType, ...taken };
    }
    const settled = settleAllowance([item], hold, 'gpt-x', finalQuota, now);
    if (expected === null) {
      expect(settled).toBeNull();
      return;
    }
    expect(settled).toMatchObject(expected);
    // The balance pays exactly the rest of the price, never below zero, and the allowance never overspends.
    const balancePaid = finalQuota - (settled?.covered ?? 0);
    expect(balancePaid).toBeGreaterThanOrEqual(0);
    if (settled) item.used += settled.unitsDelta;
    expect(item.used).toBeLessThanOrEqual(item.total);
    expect(item.used).toBeGreaterThanOrEqual(0);
  });

  it('an allowance ended since the reservation keeps what it took, never more', () => {
    const item = allowance({ total: 1000 });
    const taken = takeOf(item, 300);
    item.used += taken.units;
    const settled = settleAllowance(
      [item],
      { itemId: 1, quotaType: 0, ...taken },
      'gpt-x',
      800,
      item.endTime + 1,
    );
    expect(settled).toMatchObject({ unitsDelta: 0, covered: 300 });
  });
});
