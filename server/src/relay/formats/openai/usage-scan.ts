/**
 * Finds the top-level `usage` of a JSON reply in its bytes, so that a non-stream reply passed through byte
 * for byte (server/src/relay/deliver/json-relay.ts) is not parsed whole just to bill it.
 *
 * One pass over the UTF-8 bytes checks the whole body against the JSON grammar as strictly as `JSON.parse`
 * (RFC 8259: one value, here an object, with only JSON whitespace around it; strings without raw control
 * characters and with valid escapes; numbers, `true`, `false`, `null` spelled exactly) and notes where the
 * value of the last top-level key spelled `usage` lies. Bytes of multi-byte UTF-8 characters are all ≥ 0x80,
 * so they are never mistaken for quotes, backslashes or brackets; invalid UTF-8 is no reason to refuse a
 * reply here, as `Buffer.toString` turns it into U+FFFD and `JSON.parse` takes that. Nothing is allocated
 * but the answer; the bytes are read once, no further than the end of the body.
 *
 * The answer is "valid with usage here", "valid without usage", or "unsure". Unsure covers everything the
 * scanner does not vouch for — a body that is not one JSON object, and a top-level key written with escapes,
 * which could spell `usage`, and nesting deeper than 256 levels — and the caller then parses the whole body, so the scanner never has to be
 * right about a rejection, only about an acceptance.
 */

/** Where the value of the top-level `usage` key lies: `bytes.subarray(start, end)`. */
export interface UsageSpan {
  start: number;
  end: number;
}

export const NO_USAGE = 'no-usage';
export const UNSURE = 'unsure';
export type UsageScan = UsageSpan | typeof NO_USAGE | typeof UNSURE;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const SLASH = 0x2f;
const OPEN_BRACE = 0x7b;
const CLOSE_BRACE = 0x7d;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const COLON = 0x3a;
const COMMA = 0x2c;
const MINUS = 0x2d;
const PLUS = 0x2b;
const DOT = 0x2e;
const ZERO = 0x30;
const ONE = 0x31;
const NINE = 0x39;

/** Deeper nesting is left to JSON.parse (unsure). */
const MAX_DEPTH = 256;
/** Per depth, 1 when the container there is an array, 0 for an object (reused: the scan is synchronous). */
const arrayAt = new Uint8Array(MAX_DEPTH);

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

/** The index of the first byte at or after `index` that is not JSON whitespace. */
function afterWhitespace(bytes: Uint8Array, index: number, length: number): number {
  while (index < length && isWhitespace(bytes[index] as number)) index++;
  return index;
}

function isHexDigit(byte: number): boolean {
  const lower = byte | 0x20;
  return (byte >= ZERO && byte <= NINE) || (lower >= 0x61 && lower <= 0x66);
}

/** Set by `stringEnd`: whether the string it read holds an escape. */
let stringHadEscape = false;

/**
 * The index after the closing quote of the string whose content starts at `index` (after its opening
 * quote), or -1 when it is not a valid JSON string (unterminated, a raw control character, a bad escape).
 */
function stringEnd(bytes: Uint8Array, start: number, length: number): number {
  stringHadEscape = false;
  let index = start;
  for (;;) {
    let byte = 0;
    while (index < length) {
      byte = bytes[index] as number;
      if (byte < 0x20 || byte === QUOTE || byte === BACKSLASH) break;
      index++;
    }
    if (index >= length || byte < 0x20) return -1;
    if (byte === QUOTE) return index + 1;
    stringHadEscape = true;
    if (index + 1 >= length) return -1;
    const escaped = bytes[index + 1] as number;
    if (escaped === 0x75) {
      if (index + 5 >= length) return -1;
      for (let digit = index + 2; digit < index + 6; digit++)
        if (!isHexDigit(bytes[digit] as number)) return -1;
      index += 6;
    } else if (
      escaped === QUOTE ||
      escaped === BACKSLASH ||
      escaped === SLASH ||
      escaped === 0x62 || // b
      escaped === 0x66 || // f
      escaped === 0x6e || // n
      escaped === 0x72 || // r
      escaped === 0x74 // t
    ) {
      index += 2;
    } else return -1;
  }
}

/** The index after a run of digits starting at `index`. */
function digitsEnd(bytes: Uint8Array, index: number, length: number): number {
  while (index < length) {
    const byte = bytes[index] as number;
    if (byte < ZERO || byte > NINE) break;
    index++;
  }
  return index;
}

/** The end of the number at `index`: -?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?, or -1. */
function numberEnd(bytes: Uint8Array, start: number, length: number): number {
  let index = start;
  if (bytes[index] === MINUS) index++;
  if (index >= length) return -1;
  const first = bytes[index] as number;
  if (first === ZERO) index++;
  else if (first >= ONE && first <= NINE) index = digitsEnd(bytes, index + 1, length);
  else return -1;
  if (index < length && bytes[index] === DOT) {
    const fraction = index + 1;
    index = digitsEnd(bytes, fraction, length);
    if (index === fraction) return -1;
  }
  if (index < length && (bytes[index] === 0x65 || bytes[index] === 0x45)) {
    index++;
    if (index < length && (bytes[index] === PLUS || bytes[index] === MINUS)) index++;
    const exponent = index;
    index = digitsEnd(bytes, exponent, length);
    if (index === exponent) return -1;
  }
  return index;
}

/** The end of the value at `index` that is not an object or array (`byte` is its first byte), or -1. */
function scalarEnd(bytes: Uint8Array, index: number, length: number, byte: number): number {
  if (byte === QUOTE) return stringEnd(bytes, index + 1, length);
  if (byte === MINUS || (byte >= ZERO && byte <= NINE)) return numberEnd(bytes, index, length);
  if (byte === 0x74)
    return index + 3 < length &&
      bytes[index + 1] === 0x72 &&
      bytes[index + 2] === 0x75 &&
      bytes[index + 3] === 0x65
      ? index + 4
      : -1; // true
  if (byte === 0x66)
    return index + 4 < length &&
      bytes[index + 1] === 0x61 &&
      bytes[index + 2] === 0x6c &&
      bytes[index + 3] === 0x73 &&
      bytes[index + 4] === 0x65
      ? index + 5
      : -1; // false
  if (byte === 0x6e)
    return index + 3 < length &&
      bytes[index + 1] === 0x75 &&
      bytes[index + 2] === 0x6c &&
      bytes[index + 3] === 0x6c
      ? index + 4
      : -1; // null
  return -1;
}

/** True when the key whose opening quote is at `start` and which ends at `end` is `"usage"`. */
function isUsageKey(bytes: Uint8Array, start: number, end: number): boolean {
  return (
    end - start === 7 &&
    bytes[start + 1] === 0x75 &&
    bytes[start + 2] === 0x73 &&
    bytes[start + 3] === 0x61 &&
    bytes[start + 4] === 0x67 &&
    bytes[start + 5] === 0x65
  );
}

/** Scans `bytes` (the UTF-8 body of a reply); see the module comment for what the answer means. */
export function scanTopLevelUsage(bytes: Uint8Array): UsageScan {
  const length = bytes.length;
  let index = afterWhitespace(bytes, 0, length);
  if (index >= length || bytes[index] !== OPEN_BRACE) return UNSURE;
  index++;
  let depth = 1;
  arrayAt[0] = 0;
  let inArray = false;
  /** At the first member of the container just opened (where it may close at once). */
  let first = true;
  let usageStart = -1;
  let usageEnd = -1;
  // Each turn reads one member (an object's key, colon and value, or an array's value), then the commas
  // and closing brackets after it.
  for (;;) {
    index = afterWhitespace(bytes, index, length);
    if (index >= length) return UNSURE;
    let byte = bytes[index] as number;
    let isUsage = false;
    let closesEmpty = false;
    if (inArray) closesEmpty = first && byte === CLOSE_BRACKET;
    else if (first && byte === CLOSE_BRACE) closesEmpty = true;
    else {
      if (byte !== QUOTE) return UNSURE;
      const keyStart = index;
      index = stringEnd(bytes, index + 1, length);
      if (index < 0) return UNSURE;
      if (depth === 1) {
        // An escaped top-level key might spell `usage`: JSON.parse tells.
        if (stringHadEscape) return UNSURE;
        isUsage = isUsageKey(bytes, keyStart, index);
      }
      index = afterWhitespace(bytes, index, length);
      if (index >= length || bytes[index] !== COLON) return UNSURE;
      index = afterWhitespace(bytes, index + 1, length);
      if (index >= length) return UNSURE;
      byte = bytes[index] as number;
    }
    if (!closesEmpty) {
      if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
        if (depth === MAX_DEPTH) return UNSURE;
        if (isUsage) {
          usageStart = index;
          usageEnd = -1; // set when the scan is back at the top level
        }
        inArray = byte === OPEN_BRACKET;
        arrayAt[depth] = inArray ? 1 : 0;
        depth++;
        index++;
        first = true;
        continue;
      }
      const valueStart = index;
      index = scalarEnd(bytes, index, length, byte);
      if (index < 0) return UNSURE;
      if (isUsage) {
        usageStart = valueStart;
        usageEnd = index;
      }
    }
    // After a value (or at an empty container's closing bracket): a comma, or closing brackets.
    for (;;) {
      index = afterWhitespace(bytes, index, length);
      if (index >= length) return UNSURE;
      byte = bytes[index] as number;
      if (byte === COMMA && !closesEmpty) {
        index++;
        first = false;
        break;
      }
      if (byte !== (inArray ? CLOSE_BRACKET : CLOSE_BRACE)) return UNSURE;
      index++;
      depth--;
      closesEmpty = false;
      if (depth === 0) {
        if (afterWhitespace(bytes, index, length) !== length) return UNSURE;
        return usageStart >= 0 ? { start: usageStart, end: usageEnd } : NO_USAGE;
      }
      if (depth === 1 && usageEnd < 0 && usageStart >= 0) usageEnd = index;
      inArray = arrayAt[depth - 1] === 1;
    }
  }
}
