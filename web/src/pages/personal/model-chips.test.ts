import { describe, expect, it } from 'vitest';
import { modelChips } from './model-chips.ts';

const names = (count: number) => Array.from({ length: count }, (_, index) => `model-${index + 1}`);

describe('modelChips', () => {
  it.each([
    [0, false, 0, 0, false],
    [3, false, 3, 0, false],
    [10, false, 10, 0, false],
    [11, false, 10, 1, true],
    [25, false, 10, 15, true],
    [25, true, 25, 0, true],
    [10, true, 10, 0, false],
  ])(
    '%i models, expanded %s: %i shown, %i hidden, collapsible %s',
    (count, expanded, shown, hidden, collapsible) => {
      const chips = modelChips(names(count), expanded);
      expect(chips.shown).toHaveLength(shown);
      expect(chips.hiddenCount).toBe(hidden);
      expect(chips.collapsible).toBe(collapsible);
      expect(chips.shown).toEqual(names(count).slice(0, shown));
    },
  );

  it('honours a custom limit', () => {
    expect(modelChips(['a', 'b', 'c'], false, 2)).toEqual({
      shown: ['a', 'b'],
      hiddenCount: 1,
      collapsible: true,
    });
  });
});
