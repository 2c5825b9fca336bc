import { describe, expect, it } from 'vitest';
import { copyNames, NAME_SUFFIX_LENGTH, randomNameSuffix } from './token-names.ts';

function sequence(values: number[]): (bound: number) => number {
  let index = 0;
  return () => values[index++ % values.length] ?? 0;
}

describe('randomNameSuffix', () => {
  it.each([
    [[0, 1, 2, 3, 4, 5], 'ABCDEF'],
    [[26, 27, 51, 52, 61, 0], 'abz09A'],
  ])('draws %o as %s', (draws, expected) => {
    expect(randomNameSuffix(sequence(draws))).toBe(expected);
  });

  it('is 6 alphanumerics with the default generator', () => {
    for (let attempt = 0; attempt < 50; attempt += 1) {
      expect(randomNameSuffix()).toMatch(new RegExp(`^[A-Za-z0-9]{${NAME_SUFFIX_LENGTH}}$`));
    }
  });

  it('asks for an index below the alphabet size', () => {
    const bounds: number[] = [];
    randomNameSuffix((bound) => {
      bounds.push(bound);
      return 0;
    });
    expect(bounds).toEqual([62, 62, 62, 62, 62, 62]);
  });
});

describe('copyNames', () => {
  const suffixes = () => {
    let counter = 0;
    return () => `s${String(++counter).padStart(5, '0')}`;
  };

  it.each([
    ['work', 1, ['work']],
    ['work', 3, ['work', 'work-s00001', 'work-s00002']],
    ['x'.repeat(50), 2, ['x'.repeat(50), `${'x'.repeat(43)}-s00001`]],
    ['令牌', 2, ['令牌', '令牌-s00001']],
  ])('%s × %i gives %o', (base, count, expected) => {
    expect(copyNames(base, count, suffixes())).toEqual(expected);
  });

  it('gives every copy its own random suffix', () => {
    const names = copyNames('team', 30);
    expect(new Set(names).size).toBe(30);
    for (const name of names.slice(1)) expect(name).toMatch(/^team-[A-Za-z0-9]{6}$/);
  });
});
