/** Random strings from the crypto RNG, without modulo bias. */
import { randomInt } from 'node:crypto';

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789';

export function randomString(length: number, alphabet = ALPHANUMERIC): string {
  let result = '';
  for (let index = 0; index < length; index += 1) result += alphabet[randomInt(alphabet.length)];
  return result;
}

export const randomAlphanumeric = (length: number) => randomString(length);
