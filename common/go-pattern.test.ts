import { describe, expect, it } from 'vitest';
import { compileGoPattern } from './go-pattern.ts';

describe('compileGoPattern', () => {
  it.each([
    ['^claude-', 'Claude-3', false],
    ['^claude-', 'claude-3', true],
    ['(?i)^claude-', 'Claude-3', true],
    ['(?i)^claude-', 'gpt-4o', false],
    ['(?is)^a.b$', 'A\nB', true],
    ['(?s)^a.b$', 'A\nB', false],
    ['(?m)^b$', 'a\nb', true],
  ])('%s on %j → %s', (pattern, text, matches) => {
    expect(compileGoPattern(pattern).test(text)).toBe(matches);
  });

  it('refuses what JavaScript cannot compile', () => {
    expect(() => compileGoPattern('(?i)(')).toThrow();
    expect(() => compileGoPattern('[')).toThrow();
  });
});
