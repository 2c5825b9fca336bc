import { describe, expect, it } from 'vitest';
import { missingFields } from './fetched-descriptions.ts';

const emptyRow = {
  description: '',
  context_length: 0,
  max_output_tokens: 0,
  input_modalities: '',
  output_modalities: '',
  release_date: '',
};

describe('missingFields', () => {
  it.each([
    [
      'no row: every described field',
      undefined,
      { description: 'd', context_length: 5 },
      { description: 'd', context_length: 5 },
    ],
    ['an empty row: every described field', emptyRow, { max_output_tokens: 9 }, { max_output_tokens: 9 }],
    [
      'an operator wrote the description: kept, limits filled',
      { ...emptyRow, description: 'Mine' },
      { description: 'Theirs', context_length: 1000 },
      { context_length: 1000 },
    ],
    [
      'a null description counts as empty',
      { ...emptyRow, description: null },
      { description: 'Theirs' },
      { description: 'Theirs' },
    ],
    [
      'everything written: nothing',
      { ...emptyRow, description: 'x', context_length: 1, release_date: '2024-01-01' },
      { description: 'y', context_length: 2, release_date: '2025-01-01' },
      {},
    ],
  ])('%s', (_name, row, description, expected) => {
    expect(missingFields(row, description)).toEqual(expected);
  });
});
