import { describe, expect, it } from 'vitest';
import { parseCreemProducts, readCheckoutReply, readTopUpInfo, validStripeAmount } from './provider-topup.ts';

const small = { productId: 'prod_small', name: 'Small', price: 4.99, currency: 'usd', quota: 2_500_000 };

describe('parseCreemProducts', () => {
  it.each([
    ['JSON text', JSON.stringify([small]), [{ ...small, currency: 'USD' }]],
    ['a list', [small], [{ ...small, currency: 'USD' }]],
    ['bad JSON', '[{', []],
    ['not a list', '{"a":1}', []],
    [
      'entries without id, price or quota',
      [
        { name: 'x', price: 1, quota: 1 },
        { ...small, price: 0 },
        { ...small, quota: -1 },
      ],
      [],
    ],
    [
      'a nameless product named by its id',
      [{ ...small, name: '' }],
      [{ ...small, name: 'prod_small', currency: 'USD' }],
    ],
  ])('%s', (_, value, expected) => {
    expect(parseCreemProducts(value)).toEqual(expected);
  });
});

describe('readTopUpInfo', () => {
  it.each([
    [
      'both on',
      {
        enable_stripe_topup: true,
        stripe_min_topup: 3,
        enable_creem_topup: true,
        creem_products: JSON.stringify([small]),
      },
      {
        stripe: { enabled: true, minimum: 3 },
        creem: { enabled: true, products: [{ ...small, currency: 'USD' }] },
      },
    ],
    [
      'Creem on without a usable product is off',
      { enable_creem_topup: true, creem_products: '[]', stripe_min_topup: 0 },
      { stripe: { enabled: false, minimum: 1 }, creem: { enabled: false, products: [] } },
    ],
    [
      'nothing',
      undefined,
      { stripe: { enabled: false, minimum: 1 }, creem: { enabled: false, products: [] } },
    ],
  ])('%s', (_, data, expected) => {
    expect(readTopUpInfo(data)).toEqual(expected);
  });
});

describe('readCheckoutReply', () => {
  it.each([
    [
      'Stripe link',
      { message: 'success', data: { pay_link: 'https://checkout.stripe.com/x' } },
      'pay_link',
      { kind: 'redirect', url: 'https://checkout.stripe.com/x' },
    ],
    [
      'Creem link',
      { message: 'success', data: { checkout_url: 'https://creem.io/c', order_id: 'ref_1' } },
      'checkout_url',
      { kind: 'redirect', url: 'https://creem.io/c' },
    ],
    [
      'a javascript: link is refused',
      { message: 'success', data: { pay_link: 'javascript:alert(1)' } },
      'pay_link',
      { kind: 'refused', reason: '' },
    ],
    [
      'the reason of a refusal',
      { success: false, message: 'error', data: 'Product not found' },
      'checkout_url',
      { kind: 'refused', reason: 'Product not found' },
    ],
    [
      'a plain failure',
      { success: false, message: 'Invalid request' },
      'pay_link',
      { kind: 'refused', reason: 'Invalid request' },
    ],
    ['bare error', { message: 'error' }, 'pay_link', { kind: 'refused', reason: '' }],
  ] as const)('%s', (_, reply, field, expected) => {
    expect(readCheckoutReply(reply, field)).toEqual(expected);
  });
});

describe('validStripeAmount', () => {
  it.each([
    [null, 1, null],
    [0, 1, null],
    [2.5, 1, null],
    [1, 2, null],
    [2, 2, 2],
    [10_000, 1, 10_000],
    [10_001, 1, null],
  ])('%s with minimum %s', (value, minimum, expected) => {
    expect(validStripeAmount(value, minimum)).toBe(expected);
  });
});
