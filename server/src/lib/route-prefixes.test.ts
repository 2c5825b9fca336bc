/**
 * Pins what the two readers of server/src/lib/route-prefixes.ts answer for each path: the web rate
 * limit's exemption (`isNonWebPath`, server/src/api/plugins/rate-limit.ts) and the console's "API path,
 * no SPA fallback" test (`isApiPath`, server/src/console-static.ts). The answers were taken from the two
 * hand-kept lists these replaced; a new route prefix adds rows here.
 */
import { describe, expect, it } from 'vitest';
import { isNonWebPath } from '../api/plugins/rate-limit.ts';
import { isApiPath } from '../console-static.ts';

// [path, isNonWebPath (rate limit), isApiPath (console)]
const cases: Array<[string, boolean, boolean]> = [
  ['/', false, false],
  ['/login', false, false],
  ['/console/setting', false, false],
  ['/favicon.ico', false, false],
  ['/index.html', false, false],
  ['/v', false, false],
  ['/v1', true, true],
  ['/v1/', true, true],
  ['/v1/chat/completions', true, true],
  ['/v1foo', true, false],
  ['/v1beta', true, true],
  ['/v1beta/', true, true],
  ['/v1beta/models/gemini:generateContent', true, true],
  ['/v1betax', true, false],
  ['/v2/x', false, false],
  ['/api', false, true],
  ['/api/', true, true],
  ['/api/user/self', true, true],
  ['/apix', false, false],
  ['/api?x=1', false, false],
  ['/pg', false, true],
  ['/pg/chat/completions', true, true],
  ['/pgx', false, false],
  ['/mj', false, true],
  ['/mj/submit/imagine', true, true],
  ['/mjx', false, false],
  ['/suno', false, true],
  ['/suno/submit/music', true, true],
  ['/dashboard', false, true],
  ['/dashboard/billing/usage', true, true],
  ['/dashboardx', false, false],
  ['/healthz', true, true],
  ['/healthz/x', true, true],
  ['/healthzx', true, true],
  ['/metrics', true, true],
  ['/metrics/', true, true],
  ['/metricsx', true, true],
  ['/assets', false, false],
  ['/assets/', true, false],
  ['/assets/index-abc.js', true, false],
  ['/API/user', false, false],
  ['/x/api/user', false, false],
];

describe('route prefix matchers', () => {
  it.each(cases)('%s: rate-limit exempt %s, console API path %s', (path, nonWeb, api) => {
    expect(isNonWebPath(path)).toBe(nonWeb);
    expect(isApiPath(path)).toBe(api);
  });
});
