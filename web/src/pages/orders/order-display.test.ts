import { describe, expect, it } from 'vitest';
import { orderCreditsQuota, orderListParams, orderStatusTag } from './order-display.ts';

describe('orderStatusTag', () => {
  it.each([
    ['pending', { key: 'payments.orders.status.pending', color: 'gold' }],
    ['success', { key: 'payments.orders.status.success', color: 'green' }],
    ['failed', { key: 'payments.orders.status.failed', color: 'red' }],
    ['expired', { key: 'payments.orders.status.expired', color: 'default' }],
    ['refunded', { key: null, color: 'default' }],
  ])('%s', (status, expected) => {
    expect(orderStatusTag(status)).toEqual(expected);
  });
});

describe('orderListParams', () => {
  it.each([
    [{ keyword: '', status: '', payment_method: '' }, 1, 10, { p: 1, page_size: 10 }],
    [
      { keyword: ' ref_ab ', status: 'pending', payment_method: 'stripe' },
      3,
      20,
      { p: 3, page_size: 20, keyword: 'ref_ab', status: 'pending', payment_method: 'stripe' },
    ],
  ])('%o page %s size %s', (search, page, size, expected) => {
    expect(orderListParams(search, page, size)).toEqual(expected);
  });
});

describe('orderCreditsQuota', () => {
  it.each([
    ['creem', true],
    ['stripe', false],
    ['epay', false],
  ])('%s', (provider, expected) => {
    expect(orderCreditsQuota({ payment_provider: provider })).toBe(expected);
  });
});
