import { describe, expect, it } from 'vitest';
import tasksEn from '../../i18n/parts/tasks.en.json';
import tasksZh from '../../i18n/parts/tasks.zh.json';
import { areaTranslationProblems, keysUsedInSource } from '../users/translation-keys.ts';

const sources = import.meta.glob<string>(['./*.{ts,tsx}', '!./*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const joinedSources = Object.values(sources).join('\n');

describe('task-log translations', () => {
  it('has the same keys in zh and en, all under tasks., each defined and used', () => {
    expect(keysUsedInSource(joinedSources, 'tasks').length).toBeGreaterThan(0);
    expect(areaTranslationProblems('tasks', tasksZh, tasksEn, joinedSources)).toEqual({
      missingInEn: [],
      missingInZh: [],
      outsideArea: [],
      undefinedKeys: [],
      unusedKeys: [],
    });
  });
});
