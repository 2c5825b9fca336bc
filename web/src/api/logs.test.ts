import { describe, expect, it } from 'vitest';
import { buildUrl } from './client.ts';
import { type LogFilters, logFilterParams, NO_LOG_FILTERS } from './logs.ts';

describe('logFilterParams', () => {
  it.each<[string, Partial<LogFilters>, boolean, string]>([
    ['no filters', {}, false, '/api/log/self/?type=0'],
    ['no filters (admin)', {}, true, '/api/log/self/?type=0'],
    [
      'every user filter, trimmed',
      {
        tokenName: ' my token ',
        modelName: 'gpt-4o',
        startTimestamp: 1_700_000_000,
        endTimestamp: 1_700_003_600,
        group: 'vip',
        type: 2,
      },
      false,
      '/api/log/self/?type=2&token_name=my+token&model_name=gpt-4o&start_timestamp=1700000000&end_timestamp=1700003600&group=vip',
    ],
    [
      'admin filters are dropped for users',
      { username: 'alice', channel: 7 },
      false,
      '/api/log/self/?type=0',
    ],
    [
      'admin filters',
      { username: ' alice ', channel: 7 },
      true,
      '/api/log/self/?type=0&username=alice&channel=7',
    ],
    ['blank text filters are left out', { tokenName: '  ', group: ' ' }, false, '/api/log/self/?type=0'],
  ])('%s', (_name, filters, admin, expected) => {
    expect(buildUrl('/api/log/self/', logFilterParams({ ...NO_LOG_FILTERS, ...filters }, admin))).toBe(
      expected,
    );
  });
});
