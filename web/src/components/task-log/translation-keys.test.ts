import { describe, expect, it } from 'vitest';
import taskLogEn from '../../i18n/parts/task-log.en.json';
import taskLogZh from '../../i18n/parts/task-log.zh.json';
import { areaTranslationProblems, keysUsedInSource } from '../../pages/users/translation-keys.ts';

/** The shared pieces and the two screens that use them (the pages take the pagination text from here). */
const sources = import.meta.glob<string>(
  [
    './*.{ts,tsx}',
    '../../pages/midjourney/*.{ts,tsx}',
    '../../pages/tasks/*.{ts,tsx}',
    '!./*.test.ts',
    '!../../pages/*/*.test.ts',
  ],
  { query: '?raw', import: 'default', eager: true },
);
const joinedSources = Object.values(sources).join('\n');

describe('shared task-log translations', () => {
  it('has the same keys in zh and en, all under taskLog., each defined and used', () => {
    expect(keysUsedInSource(joinedSources, 'taskLog').length).toBeGreaterThan(0);
    expect(areaTranslationProblems('taskLog', taskLogZh, taskLogEn, joinedSources)).toEqual({
      missingInEn: [],
      missingInZh: [],
      outsideArea: [],
      undefinedKeys: [],
      unusedKeys: [],
    });
  });
});
