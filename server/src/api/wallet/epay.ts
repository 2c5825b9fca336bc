/**
 * Epay signing (docs/reference/payments.md): drop `sign`, `sign_type` and empty values, sort the keys, join `k=v`
 * with `&`, append the merchant key, lowercase MD5. Verification compares in constant time.
 */
import { createHash, timingSafeEqual } from 'node:crypto';

export type EpayParams = Record<string, string>;

export function epaySignature(params: EpayParams, merchantKey: string): string {
  const text = Object.keys(params)
    .filter((key) => key !== 'sign' && key !== 'sign_type' && params[key] !== undefined && params[key] !== '')
    .sort()
    .map((key) => `${key}=${params[key]}`)
    .join('&');
  return createHash('md5').update(`${text}${merchantKey}`, 'utf8').digest('hex');
}

export function verifyEpaySignature(params: EpayParams, merchantKey: string): boolean {
  const given = (params.sign ?? '').toLowerCase();
  const expected = epaySignature(params, merchantKey);
  if (!merchantKey || given.length !== expected.length) return false;
  return timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** Money with two decimals, as Epay expects and as compared on notification. */
export function formatMoney(value: number): string {
  return (Math.round(value * 100) / 100).toFixed(2);
}
