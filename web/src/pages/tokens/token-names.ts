/**
 * Names of tokens created together (docs/reference/console-validation.md "Token form"): the first keeps the typed name, copies 2 and
 * later get a random 6-character alphanumeric suffix, e.g. `work-ab12Cd`.
 */
import { TOKEN_NAME_MAX_LENGTH } from './token-form-rules.ts';

const SUFFIX_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
export const NAME_SUFFIX_LENGTH = 6;
export const NAME_SUFFIX_SEPARATOR = '-';

/** A uniformly random whole number in [0, bound), from the browser's cryptographic generator. */
function cryptoRandomBelow(bound: number): number {
  const limit = Math.floor(0x1_0000_0000 / bound) * bound;
  const buffer = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(buffer);
    const value = buffer[0] ?? 0;
    if (value < limit) return value % bound;
  }
}

export function randomNameSuffix(randomBelow: (bound: number) => number = cryptoRandomBelow): string {
  let suffix = '';
  for (let index = 0; index < NAME_SUFFIX_LENGTH; index += 1) {
    suffix += SUFFIX_ALPHABET[randomBelow(SUFFIX_ALPHABET.length)];
  }
  return suffix;
}

/**
 * The names of `count` new tokens. A copy's base name is shortened when needed so that name, separator
 * and suffix stay within the server's 50-character limit.
 */
export function copyNames(
  baseName: string,
  count: number,
  nextSuffix: () => string = randomNameSuffix,
): string[] {
  const room = TOKEN_NAME_MAX_LENGTH - NAME_SUFFIX_SEPARATOR.length - NAME_SUFFIX_LENGTH;
  const copyBase = [...baseName].slice(0, room).join('');
  const names: string[] = [];
  for (let index = 0; index < count; index += 1) {
    names.push(index === 0 ? baseName : `${copyBase}${NAME_SUFFIX_SEPARATOR}${nextSuffix()}`);
  }
  return names;
}
