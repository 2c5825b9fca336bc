import { describe, expect, it } from 'vitest';
import { allTags, filterByCatalogue, formatContextLength, tagsOf } from './catalogue-filter.ts';

const rows = [
  { model_name: 'a', vendor_id: 1, tags: 'Vision, tools' },
  { model_name: 'b', vendor_id: 2, tags: 'tools,,reasoning' },
  { model_name: 'c' },
];

describe('catalogue filters of the price list', () => {
  it('splits tags and lists each once, whatever its case', () => {
    expect(tagsOf(rows[0]!)).toEqual(['Vision', 'tools']);
    expect(allTags([...rows, { tags: 'VISION' }])).toEqual(['reasoning', 'tools', 'Vision']);
  });

  it.each([
    [{ vendorId: null, tag: null }, ['a', 'b', 'c']],
    [{ vendorId: 1, tag: null }, ['a']],
    [{ vendorId: 3, tag: null }, []],
    [{ vendorId: null, tag: 'TOOLS' }, ['a', 'b']],
    [{ vendorId: 2, tag: 'vision' }, []],
  ])('filters by %j', (filter, expected) => {
    expect(filterByCatalogue(rows, filter).map((row) => row.model_name)).toEqual(expected);
  });

  it.each([
    [512, '512'],
    [8192, '8.2K'],
    [128000, '128K'],
    [200000, '200K'],
    [1_000_000, '1M'],
    [1_048_576, '1M'],
    [2_000_000, '2M'],
  ])('formats a context length of %i as %s', (tokens, text) =>
    expect(formatContextLength(tokens)).toBe(text),
  );
});
