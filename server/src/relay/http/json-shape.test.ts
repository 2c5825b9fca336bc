import { describe, expect, it } from 'vitest';
import { JsonShapeScanner, MAX_JSON_DEPTH, MAX_JSON_VALUES } from './json-shape.ts';

function shapeOf(pieces: readonly string[], maxValues?: number, maxDepth?: number) {
  const scanner = new JsonShapeScanner(maxValues, maxDepth);
  for (const piece of pieces) scanner.scan(piece);
  return { values: scanner.values, depth: scanner.depth, problem: scanner.problem };
}

/** Every way of cutting `text` in two, and in single characters. */
function splits(text: string): string[][] {
  const ways: string[][] = [[text], [...text]];
  for (let cut = 1; cut < text.length; cut += 1) ways.push([text.slice(0, cut), text.slice(cut)]);
  return ways;
}

describe('JsonShapeScanner', () => {
  const cases: { text: string; values: number }[] = [
    { text: '{}', values: 1 },
    { text: '[1,2,3]', values: 3 },
    { text: '{"a":[{"b":1},{"c":2}],"d":"x"}', values: 6 },
    // Brackets, commas and escaped quotes inside strings do not count.
    { text: '{"a":"[{,}]","b":"\\"[,\\""}', values: 2 },
    { text: '["\\\\",1]', values: 2 },
    { text: '["\\\\\\"[",1]', values: 2 },
    { text: '["a\\\\\\\\"]', values: 1 },
    { text: '"just [a, string]"', values: 0 },
    { text: '{"漢字😀":"[,]","e":[]}', values: 3 },
  ];

  it.each(cases)('counts the values of $text however it is cut', ({ text, values }) => {
    JSON.parse(text);
    for (const pieces of splits(text)) {
      const shape = shapeOf(pieces);
      expect(shape, JSON.stringify(pieces)).toEqual({ values, depth: 0, problem: null });
    }
  });

  it('refuses more values than allowed, and nesting deeper than allowed', () => {
    expect(shapeOf(['[1,2,3,4]'], 3).problem).toBe('too_many_values');
    expect(shapeOf(['[1,2,3]'], 3).problem).toBeNull();
    expect(shapeOf(['[[[1]]]'], 10, 2).problem).toBe('too_deep');
    expect(shapeOf(['[[1],[2],[3]]'], 10, 2).problem).toBeNull();
  });

  it('bounds what JSON.stringify must be able to walk, and the values of a 100,000-message conversation', () => {
    const deep = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    expect(shapeOf([deep]).problem).toBeNull();
    expect(() => JSON.stringify(JSON.parse(deep))).not.toThrow();
    expect(shapeOf([`[${deep}]`]).problem).toBe('too_deep');
    const messages = Array.from({ length: 100_000 }, () => ({
      role: 'user',
      content: [{ type: 'text', text: 'a' }],
    }));
    const conversation = shapeOf([JSON.stringify({ model: 'm', max_tokens: 1, messages })]);
    expect(conversation.problem).toBeNull();
    expect(conversation.values).toBeLessThan(MAX_JSON_VALUES);
  });

  it('skips long strings without looking at each of their characters, in pieces', () => {
    const text = JSON.stringify({ content: `${'a\\"'.repeat(100_000)}[[[,,,` });
    const pieces: string[] = [];
    for (let start = 0; start < text.length; start += 65_536) pieces.push(text.slice(start, start + 65_536));
    expect(shapeOf(pieces)).toEqual({ values: 1, depth: 0, problem: null });
  });
});
