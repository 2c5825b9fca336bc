import { describe, expect, it } from 'vitest';
import { createCompositionFilter } from './composition-filter.ts';

type Step = ['start'] | ['change', string] | ['change', string, boolean] | ['end', string];

function run(steps: Step[]): string[] {
  const applied: string[] = [];
  const filter = createCompositionFilter((query) => applied.push(query));
  for (const step of steps) {
    if (step[0] === 'start') filter.compositionStart();
    else if (step[0] === 'change') filter.change(step[1], step[2]);
    else filter.compositionEnd(step[1]);
  }
  return applied;
}

describe('createCompositionFilter', () => {
  it.each<[string, Step[], string[]]>([
    [
      'plain typing filters on every change',
      [
        ['change', 'g'],
        ['change', 'gp'],
        ['change', 'gpt'],
      ],
      ['g', 'gp', 'gpt'],
    ],
    [
      'pinyin composition filters only once the characters are chosen',
      [['start'], ['change', 'q'], ['change', 'qian'], ['change', 'qian wen'], ['end', '千问']],
      ['千问'],
    ],
    [
      'a change event after compositionend (Safari order) does not filter twice',
      [['start'], ['change', 'qian'], ['end', '千'], ['change', '千']],
      ['千'],
    ],
    [
      'the native isComposing flag also holds the filter back',
      [
        ['change', 'q', true],
        ['change', 'qi', true],
        ['change', '千', false],
      ],
      ['千'],
    ],
    [
      'typing after a composition filters again',
      [['change', 'gpt'], ['start'], ['change', 'gpt q'], ['end', 'gpt 千'], ['change', 'gpt 千x']],
      ['gpt', 'gpt 千', 'gpt 千x'],
    ],
    [
      'clearing the box filters with an empty query',
      [
        ['change', 'gpt'],
        ['change', ''],
      ],
      ['gpt', ''],
    ],
    [
      'a cancelled composition restores the previous text',
      [['change', 'a'], ['start'], ['change', 'ab'], ['end', 'a']],
      ['a'],
    ],
  ])('%s', (_name, steps, expected) => {
    expect(run(steps)).toEqual(expected);
  });
});
