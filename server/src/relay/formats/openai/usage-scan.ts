/**
 * Finds the top-level `usage` of a JSON reply in its bytes, so that a non-stream reply passed through byte
 * for byte (server/src/relay/deliver/json-relay.ts) is not parsed whole just to bill it.
 *
 * One pass over the UTF-8 bytes checks the whole body against the JSON grammar as strictly as `JSON.parse`
 * (RFC 8259: one value, here an object, with only JSON whitespace around it; strings without raw control
 * characters and with valid escapes; numbers, `true`, `false`, `null` spelled exactly) and notes where the
 * value of the last top-level key spelled `usage` lies. Bytes of multi-byte UTF-8 characters are all ≥ 0x80,
 * so they are never mistaken for quotes, backslashes or brackets; invalid UTF-8 is no reason to refuse a
 * reply here, as `Buffer.toString` turns it into U+FFFD and `JSON.parse` takes that.
 *
 * The answer is "valid with usage here", "valid without usage", or "unsure". Unsure covers everything the
 * scanner does not vouch for — a body that is not one JSON object, and a top-level key written with escapes,
 * which could spell `usage` — and the caller then parses the whole body, so the scanner never has to be
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
const NINE = 0x39;

/** `usage` in bytes. */
const USAGE_KEY = [0x75, 0x73, 0x61, 0x67, 0x65];

function isWhitespace(byte: number): boolean {
  return byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09;
}

function isDigit(byte: number): boolean {
  return byte >= ZERO && byte <= NINE;
}

function isHexDigit(byte: number): boolean {
  return isDigit(byte) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);
}

/** Bytes that may follow a backslash in a JSON string (`u` is checked with its four hex digits). */
const SIMPLE_ESCAPES = new Uint8Array(128);
for (const character of '"\\/bfnrt') SIMPLE_ESCAPES[character.charCodeAt(0)] = 1;

/** 1 for the bytes that end a run of plain string content: the quote, the backslash, control characters. */
const STRING_STOPS = new Uint8Array(256);
for (let byte = 0; byte < 0x20; byte++) STRING_STOPS[byte] = 1;
STRING_STOPS[QUOTE] = 1;
STRING_STOPS[BACKSLASH] = 1;

/** The end of the string whose opening quote is at `start` (the index after its closing quote), or -1. */
function skipString(bytes: Uint8Array, start: number): number {
  const length = bytes.length;
  let index = start + 1;
  while (index < length) {
    const byte = bytes[index] as number;
    if (STRING_STOPS[byte] === 0) {
      index++;
      continue;
    }
    if (byte === QUOTE) return index + 1;
    if (byte !== BACKSLASH || index + 1 >= length) return -1;
    const escaped = bytes[index + 1] as number;
    if (escaped === 0x75) {
      if (index + 6 > length) return -1;
      for (let digit = index + 2; digit < index + 6; digit++) {
        if (!isHexDigit(bytes[digit] as number)) return -1;
      }
      index += 6;
    } else if (escaped < 128 && SIMPLE_ESCAPES[escaped] === 1) {
      index += 2;
    } else {
      return -1;
    }
  }
  return -1;
}

/** The end of the number starting at `start` (the index after its last byte), or -1. */
function skipNumber(bytes: Uint8Array, start: number): number {
  let index = start;
  if (bytes[index] === MINUS) index++;
  const first = bytes[index];
  if (first === ZERO) index++;
  else if (first !== undefined && first > ZERO && first <= NINE) {
    index++;
    while (isDigit(bytes[index] ?? 0)) index++;
  } else return -1;
  if (bytes[index] === DOT) {
    index++;
    if (!isDigit(bytes[index] ?? 0)) return -1;
    while (isDigit(bytes[index] ?? 0)) index++;
  }
  const exponent = bytes[index];
  if (exponent === 0x65 || exponent === 0x45) {
    index++;
    if (bytes[index] === PLUS || bytes[index] === MINUS) index++;
    if (!isDigit(bytes[index] ?? 0)) return -1;
    while (isDigit(bytes[index] ?? 0)) index++;
  }
  return index;
}

const LITERALS: Record<number, readonly number[]> = {
  116: [0x74, 0x72, 0x75, 0x65], // true
  102: [0x66, 0x61, 0x6c, 0x73, 0x65], // false
  110: [0x6e, 0x75, 0x6c, 0x6c], // null
};

/** The end of the literal at `start`, or -1. */
function skipLiteral(bytes: Uint8Array, start: number): number {
  const literal = LITERALS[bytes[start] as number];
  if (!literal) return -1;
  for (let offset = 1; offset < literal.length; offset++) {
    if (bytes[start + offset] !== literal[offset]) return -1;
  }
  return start + literal.length;
}

/** True when the key string at `start` (its opening quote) is `"usage"` spelled without escapes. */
function isUsageKey(bytes: Uint8Array, start: number, end: number): boolean {
  if (end - start !== USAGE_KEY.length + 2) return false;
  for (let offset = 0; offset < USAGE_KEY.length; offset++) {
    if (bytes[start + 1 + offset] !== USAGE_KEY[offset]) return false;
  }
  return true;
}

/** True when the string between `start` and `end` holds a backslash (an escape). */
function hasEscape(bytes: Uint8Array, start: number, end: number): boolean {
  for (let index = start + 1; index < end - 1; index++) if (bytes[index] === BACKSLASH) return true;
  return false;
}

/**
 * What the scanner expects next. Containers open and close on a stack of their closing bytes (reused
 * between calls; it grows for deep nesting, which JSON.parse also takes).
 */
const EXPECT_VALUE = 0;
const EXPECT_KEY_OR_CLOSE = 1;
const EXPECT_KEY = 2;
const EXPECT_COLON = 3;
const EXPECT_COMMA_OR_CLOSE = 4;
const EXPECT_VALUE_OR_CLOSE = 5;

let closers = new Uint8Array(64);

/** Scans `bytes` (the UTF-8 body of a reply); see the module comment for what the answer means. */
export function scanTopLevelUsage(bytes: Uint8Array): UsageScan {
  const length = bytes.length;
  let index = 0;
  while (index < length && isWhitespace(bytes[index] as number)) index++;
  if (bytes[index] !== OPEN_BRACE) return UNSURE;
  let depth = 1;
  closers[0] = CLOSE_BRACE;
  index++;
  let expect = EXPECT_KEY_OR_CLOSE;
  /** Set after the top-level key `usage` and its colon: the next value is the usage. */
  let usageValueNext = false;
  let usageStart = -1;
  let usageEnd = -1;
  while (index < length) {
    const byte = bytes[index] as number;
    if (isWhitespace(byte)) {
      index++;
      continue;
    }
    if (expect === EXPECT_KEY_OR_CLOSE || expect === EXPECT_KEY) {
      if (byte === CLOSE_BRACE && expect === EXPECT_KEY_OR_CLOSE) {
        depth--;
        index++;
        expect = EXPECT_COMMA_OR_CLOSE;
      } else if (byte === QUOTE) {
        const end = skipString(bytes, index);
        if (end < 0) return UNSURE;
        if (depth === 1) {
          if (isUsageKey(bytes, index, end)) usageValueNext = true;
          else if (hasEscape(bytes, index, end)) return UNSURE;
        }
        index = end;
        expect = EXPECT_COLON;
      } else return UNSURE;
    } else if (expect === EXPECT_COLON) {
      if (byte !== COLON) return UNSURE;
      index++;
      expect = EXPECT_VALUE;
    } else if (expect === EXPECT_COMMA_OR_CLOSE) {
      if (byte === COMMA) {
        index++;
        expect = closers[depth - 1] === CLOSE_BRACE ? EXPECT_KEY : EXPECT_VALUE;
      } else if (byte === closers[depth - 1]) {
        depth--;
        index++;
      } else return UNSURE;
    } else {
      // A value (after a colon, a comma in an array, or an array's opening bracket).
      if (byte === CLOSE_BRACKET && expect === EXPECT_VALUE_OR_CLOSE) {
        depth--;
        index++;
        expect = EXPECT_COMMA_OR_CLOSE;
      } else {
        const valueStart = index;
        const valueDepth = depth;
        if (byte === OPEN_BRACE || byte === OPEN_BRACKET) {
          if (depth === closers.length) {
            const grown = new Uint8Array(closers.length * 2);
            grown.set(closers);
            closers = grown;
          }
          closers[depth] = byte === OPEN_BRACE ? CLOSE_BRACE : CLOSE_BRACKET;
          depth++;
          index++;
          expect = byte === OPEN_BRACE ? EXPECT_KEY_OR_CLOSE : EXPECT_VALUE_OR_CLOSE;
        } else {
          if (byte === QUOTE) index = skipString(bytes, index);
          else if (byte === MINUS || isDigit(byte)) index = skipNumber(bytes, index);
          else index = skipLiteral(bytes, index);
          if (index < 0) return UNSURE;
          expect = EXPECT_COMMA_OR_CLOSE;
        }
        if (usageValueNext && valueDepth === 1) {
          usageValueNext = false;
          usageStart = valueStart;
          usageEnd = depth === 1 ? index : -1;
        }
      }
    }
    // The usage value was a container: it ends when the scan is back at the top level.
    if (usageStart >= 0 && usageEnd < 0 && depth === 1) usageEnd = index;
    if (depth === 0) break;
  }
  if (depth !== 0) return UNSURE;
  while (index < length && isWhitespace(bytes[index] as number)) index++;
  if (index !== length) return UNSURE;
  return usageStart >= 0 ? { start: usageStart, end: usageEnd } : NO_USAGE;
}
