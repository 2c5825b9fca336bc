import { describe, expect, it } from 'vitest';
import { auditListParams, diffLines, EMPTY_AUDIT_SEARCH, shownValue } from './audit-display.ts';

describe('auditListParams', () => {
  it.each([
    [EMPTY_AUDIT_SEARCH, { p: 1, page_size: 10 }],
    [
      { ...EMPTY_AUDIT_SEARCH, start: 100, end: 200, action: 'channel.update', outcome: 'failure' },
      {
        p: 1,
        page_size: 10,
        start_timestamp: 100,
        end_timestamp: 200,
        action: 'channel.update',
        outcome: 'failure',
      },
    ],
    [
      { ...EMPTY_AUDIT_SEARCH, username: '  alice ', target_id: ' 7 ' },
      { p: 1, page_size: 10, username: 'alice', target_id: '7' },
    ],
  ])('%j → %j', (search, expected) => {
    expect(auditListParams(search, 1, 10)).toEqual(expected);
  });
});

describe('diffLines', () => {
  it('lists each field of either side, marks masked secrets', () => {
    expect(diffLines({ name: 'a', key: '[masked]' }, { name: 'b', key: '[masked]', models: ['x'] })).toEqual([
      { field: 'name', before: 'a', after: 'b', masked: false },
      { field: 'key', before: '[masked]', after: '[masked]', masked: true },
      { field: 'models', before: '', after: '[\n "x"\n]', masked: false },
    ]);
    expect(diffLines(null, null)).toEqual([]);
    expect(diffLines(null, { quota: 5 })).toEqual([
      { field: 'quota', before: '', after: '5', masked: false },
    ]);
  });

  it.each([
    [undefined, ''],
    ['text', 'text'],
    [null, 'null'],
    [3, '3'],
    [false, 'false'],
  ])('shows %j as %j', (value, shown) => {
    expect(shownValue(value)).toBe(shown);
  });
});
