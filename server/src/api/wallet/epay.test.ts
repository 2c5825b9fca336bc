import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { epaySignature, formatMoney, verifyEpaySignature } from './epay.ts';

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

describe('epaySignature', () => {
  it.each([
    [{ pid: '1001', type: 'alipay', money: '7.30' }, 'key', md5('money=7.30&pid=1001&type=alipaykey')],
    [{ b: '2', a: '1', sign: 'x', sign_type: 'MD5', empty: '' }, 'k', md5('a=1&b=2k')],
    [{ name: '充值', out_trade_no: 'USR1NOabc123' }, 'k', md5('name=充值&out_trade_no=USR1NOabc123k')],
  ])('%o', (params, key, expected) => {
    expect(epaySignature(params, key)).toBe(expected);
  });

  it('verifies only the right signature with the right key', () => {
    const params = { pid: '1', money: '1.00', trade_status: 'TRADE_SUCCESS' };
    const signed = { ...params, sign: epaySignature(params, 'secret'), sign_type: 'MD5' };
    expect(verifyEpaySignature(signed, 'secret')).toBe(true);
    expect(verifyEpaySignature({ ...signed, sign: signed.sign.toUpperCase() }, 'secret')).toBe(true);
    expect(verifyEpaySignature(signed, 'other')).toBe(false);
    expect(verifyEpaySignature({ ...signed, money: '100.00' }, 'secret')).toBe(false);
    expect(verifyEpaySignature({ ...params }, 'secret')).toBe(false);
    expect(verifyEpaySignature(signed, '')).toBe(false);
  });

  it.each([
    [7.3, '7.30'],
    [0.1 + 0.2, '0.30'],
    [10, '10.00'],
    [1.005, '1.00'],
  ])('formatMoney(%d) = %s', (value, expected) => {
    expect(formatMoney(value)).toBe(expected);
  });
});
