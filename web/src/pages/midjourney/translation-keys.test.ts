import { describe, expect, it } from 'vitest';
import midjourneyEn from '../../i18n/parts/midjourney.en.json';
import midjourneyZh from '../../i18n/parts/midjourney.zh.json';
import { areaTranslationProblems, keysUsedInSource } from '../users/translation-keys.ts';

const sources = import.meta.glob<string>(['./*.{ts,tsx}', '!./*.test.ts'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
const joinedSources = Object.values(sources).join('\n');

describe('drawing-log translations', () => {
  it('has the same keys in zh and en, all under midjourney., each defined and used', () => {
    expect(keysUsedInSource(joinedSources, 'midjourney').length).toBeGreaterThan(0);
    expect(areaTranslationProblems('midjourney', midjourneyZh, midjourneyEn, joinedSources)).toEqual({
      missingInEn: [],
      missingInZh: [],
      outsideArea: [],
      undefinedKeys: [],
      unusedKeys: [],
    });
  });
});
