import { describe, expect, it } from 'vitest';
import type { UserGroupInfo } from '../../../../common/api-types.ts';
import { defaultTokenGroup, tokenGroupChoices } from './group-options.ts';

const groups: Record<string, UserGroupInfo> = {
  default: { desc: 'Default', ratio: 1 },
  vip: { desc: 'VIP', ratio: 0.5 },
};

describe('tokenGroupChoices', () => {
  it.each<[string, Record<string, UserGroupInfo> | undefined, boolean, string, string[]]>([
    ['the offered groups', groups, false, '', ['default', 'vip']],
    ['auto added first', groups, true, '', ['auto', 'default', 'vip']],
    [
      'auto moved first',
      { ...groups, auto: { desc: 'auto', ratio: 'auto' } },
      true,
      '',
      ['auto', 'default', 'vip'],
    ],
    [
      'auto left alone when not the default',
      { ...groups, auto: { desc: 'auto', ratio: 'auto' } },
      false,
      '',
      ['default', 'vip', 'auto'],
    ],
    ['nothing loaded yet', undefined, false, '', []],
    ['the current group kept', groups, false, 'legacy', ['default', 'vip', 'legacy']],
    ['the current group not repeated', groups, false, 'vip', ['default', 'vip']],
  ])('%s', (_case, offered, defaultUseAutoGroup, current, expected) => {
    expect(tokenGroupChoices(offered, defaultUseAutoGroup, current).map((choice) => choice.group)).toEqual(
      expected,
    );
  });

  it('keeps descriptions and ratios', () => {
    expect(tokenGroupChoices(groups, false)[1]).toEqual({ group: 'vip', desc: 'VIP', ratio: 0.5 });
  });
});

describe('defaultTokenGroup', () => {
  it.each([
    [true, 'auto'],
    [false, ''],
  ])('default_use_auto_group %s gives %o', (flag, expected) => {
    expect(defaultTokenGroup(flag)).toBe(expected);
  });
});
