import { describe, expect, it } from 'vitest';
import { type PayMethodsResult, parsePayMethods, payMethodColor } from './pay-methods.ts';

const alipay = { name: '支付宝', type: 'alipay', color: 'rgba(var(--semi-blue-5), 1)' };
const wechat = { name: '微信', type: 'wxpay', color: 'rgba(var(--semi-green-5), 1)' };

describe('parsePayMethods', () => {
  it.each<[string, unknown, PayMethodsResult]>([
    ['the default list', [alipay, wechat], { valid: true, methods: [alipay, wechat] }],
    [
      'the same list as JSON text',
      JSON.stringify([alipay, wechat]),
      { valid: true, methods: [alipay, wechat] },
    ],
    ['an empty list', [], { valid: true, methods: [] }],
    [
      'a method without colour',
      [{ name: 'Stripe', type: 'stripe' }],
      { valid: true, methods: [{ name: 'Stripe', type: 'stripe' }] },
    ],
    [
      'an empty colour',
      [{ name: 'Stripe', type: 'stripe', color: ' ' }],
      { valid: true, methods: [{ name: 'Stripe', type: 'stripe' }] },
    ],
    [
      'a null colour',
      [{ name: 'Stripe', type: 'stripe', color: null }],
      { valid: true, methods: [{ name: 'Stripe', type: 'stripe' }] },
    ],
    [
      'a method minimum',
      [{ name: 'USDT', type: 'usdt', min_topup: 20 }],
      { valid: true, methods: [{ name: 'USDT', type: 'usdt', min_topup: 20 }] },
    ],
    [
      'padded names',
      [{ name: ' Card ', type: ' card ' }],
      { valid: true, methods: [{ name: 'Card', type: 'card' }] },
    ],
    [
      'a repeated type (first kept)',
      [alipay, { name: 'Alipay 2', type: 'alipay' }],
      { valid: true, methods: [alipay] },
    ],
    ['extra fields are ignored', [{ ...wechat, note: 'x' }], { valid: true, methods: [wechat] }],
    ['broken JSON text', '[{"name":', { valid: false }],
    ['an object', { alipay }, { valid: false }],
    ['null', null, { valid: false }],
    ['undefined', undefined, { valid: false }],
    ['a number', 3, { valid: false }],
    ['a method without type', [{ name: 'Alipay' }], { valid: false }],
    ['a method without name', [{ type: 'alipay' }], { valid: false }],
    ['a blank name', [{ name: ' ', type: 'alipay' }], { valid: false }],
    ['a numeric type', [{ name: 'Alipay', type: 1 }], { valid: false }],
    ['a non-text colour', [{ name: 'Alipay', type: 'alipay', color: 3 }], { valid: false }],
    ['a negative minimum', [{ name: 'Alipay', type: 'alipay', min_topup: -1 }], { valid: false }],
    ['a text minimum', [{ name: 'Alipay', type: 'alipay', min_topup: '5' }], { valid: false }],
    ['a string entry', ['alipay'], { valid: false }],
  ])('%s', (_label, value, expected) => {
    expect(parsePayMethods(value)).toEqual(expected);
  });
});

describe('payMethodColor', () => {
  it.each<[string | undefined, string | undefined]>([
    [undefined, undefined],
    ['', undefined],
    ['   ', undefined],
    ['rgba(var(--semi-blue-5), 1)', '#1677ff'],
    ['rgba(var(--semi-green-5), 1)', '#52c41a'],
    ['rgba(var(--semi-light-blue-4), 1)', '#1890ff'],
    ['rgba(var(--semi-unknown-5), 1)', undefined],
    ['var(--brand-color)', undefined],
    ['#ff6600', '#ff6600'],
    [' rgb(0, 128, 0) ', 'rgb(0, 128, 0)'],
    ['purple', 'purple'],
  ])('%o gives %o', (color, expected) => {
    expect(payMethodColor(color)).toBe(expected);
  });
});
