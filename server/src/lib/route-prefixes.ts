/**
 * The path prefixes of the server's own routes — the console API (/api/), the relay (/v1/, /v1beta/,
 * /pg/), the task relays (/mj/, /suno/), the billing dashboard (/dashboard/), health and metrics —
 * so every path that is not a console page. Add a route prefix here, not in the readers, which each
 * derive their own matcher from this list:
 * - server/src/console-static.ts (`isApiPath`): no SPA fallback, a JSON 404 instead; it also takes a
 *   prefix without its trailing slash (`/api`, `/mj`) as an API path.
 * - server/src/api/plugins/rate-limit.ts (`isNonWebPath`): not counted against the web limit; it also
 *   exempts anything starting with `/v1` (`/v1foo` too) and the console's hashed files under /assets/.
 * Their answers are pinned by server/src/lib/route-prefixes.test.ts.
 */
export const apiRoutePrefixes: readonly string[] = [
  '/api/',
  '/v1/',
  '/v1beta/',
  '/pg/',
  '/mj/',
  '/suno/',
  '/dashboard/',
  '/healthz',
  '/metrics',
];
