/**
 * The shape of a JSON text read before it is parsed (docs/decisions/0010-relay-admission-and-usage-bounds.md):
 * how many values it holds and how deeply they nest, counted as the text arrives, so a body that is too
 * complex is refused without the one step that cannot be split — JSON.parse of 30 MB of tiny values held
 * the event loop for ~300 ms — and without values nested so deeply that JSON.stringify, and every other
 * recursive walk, runs out of stack (past ~4,000 levels on Node's default stack).
 *
 * Counted outside strings: each `{` and `[` opens a value and a level, each `,` adds a value. Strings are
 * skipped with a native search for their closing quote, so a long prompt costs almost nothing here. The
 * scanner does not validate JSON (JSON.parse does); it only bounds the work parsing may cost.
 */

/**
 * Most values a relay body may hold: a 100,000-message conversation (server/src/relay/call/request-limits.ts)
 * fits.
 */
export const MAX_JSON_VALUES = 1_000_000;
/** Deepest nesting a relay body may have: JSON schemas nest a few dozen levels at most. */
export const MAX_JSON_DEPTH = 512;

const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;
const OPEN_BRACE = 0x7b;
const OPEN_BRACKET = 0x5b;
const CLOSE_BRACE = 0x7d;
const CLOSE_BRACKET = 0x5d;

export type ShapeProblem = 'too_many_values' | 'too_deep';

/** Reads a JSON text piece by piece (as decoded chunks arrive); `problem` is set once a bound is passed. */
export class JsonShapeScanner {
  values = 0;
  depth = 0;
  problem: ShapeProblem | null = null;
  private inString = false;
  /** Backslashes ending the previous piece inside a string (they may escape this piece's first quote). */
  private carriedBackslashes = 0;

  constructor(
    private readonly maxValues = MAX_JSON_VALUES,
    private readonly maxDepth = MAX_JSON_DEPTH,
  ) {}

  scan(text: string): void {
    if (this.problem) return;
    let index = 0;
    const length = text.length;
    while (index < length) {
      if (this.inString) {
        index = this.skipString(text, index);
        continue;
      }
      const code = text.charCodeAt(index);
      index += 1;
      if (code === QUOTE) {
        this.inString = true;
        this.carriedBackslashes = 0;
      } else if (code === COMMA) {
        this.values += 1;
        if (this.values > this.maxValues) {
          this.problem = 'too_many_values';
          return;
        }
      } else if (code === OPEN_BRACE || code === OPEN_BRACKET) {
        this.values += 1;
        this.depth += 1;
        if (this.depth > this.maxDepth) {
          this.problem = 'too_deep';
          return;
        }
        if (this.values > this.maxValues) {
          this.problem = 'too_many_values';
          return;
        }
      } else if (code === CLOSE_BRACE || code === CLOSE_BRACKET) {
        this.depth -= 1;
      }
    }
  }

  /** Skips string text from `start`; returns where scanning goes on (the piece's length if it ends inside). */
  private skipString(text: string, start: number): number {
    let from = start;
    for (;;) {
      const quote = text.indexOf('"', from);
      if (quote < 0) {
        this.carriedBackslashes = trailingBackslashes(text, from, text.length, this.carriedBackslashes);
        return text.length;
      }
      const escapes = trailingBackslashes(text, from, quote, from === 0 ? this.carriedBackslashes : 0);
      this.carriedBackslashes = 0;
      if (escapes % 2 === 0) {
        this.inString = false;
        return quote + 1;
      }
      from = quote + 1;
    }
  }
}

/**
 * Backslashes right before `end` and after `start` (plus `carried` when the run reaches back to the start
 * of the piece). A run is counted once: it ends at the quote or at the end of the piece.
 */
function trailingBackslashes(text: string, start: number, end: number, carried: number): number {
  let count = 0;
  let index = end - 1;
  while (index >= start && text.charCodeAt(index) === BACKSLASH) {
    count += 1;
    index -= 1;
  }
  return index < start && start === 0 ? count + carried : count;
}
