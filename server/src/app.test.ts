import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anonymousClient } from './test-support/test-server.ts';
import { setUpSite } from './test-support/test-site.ts';

describe('HTTP platform', () => {
  let dist: string;

  beforeAll(() => {
    dist = mkdtempSync(join(tmpdir(), 'switchyard-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      `<!doctype html><title>console</title>${'<!-- padding -->'.repeat(200)}`,
    );
    writeFileSync(join(dist, 'assets', 'app-3f2a.js'), 'console.log(1)');
  });
  afterAll(() => rmSync(dist, { recursive: true, force: true }));
  // Started after the console files are written (a later hook), closed before they are removed.
  const { server } = setUpSite({
    fresh: true,
    environment: () => ({
      WEB_DIST_PATH: dist,
      CRITICAL_RATE_LIMIT_ENABLE: 'true',
      CRITICAL_RATE_LIMIT: '3',
      MAX_REQUEST_BODY_MB: '1',
    }),
  });

  it('answers /healthz after checking the database', async () => {
    const response = await fetch(`${server.url}/healthz`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'ok', database: 'sqlite' });
  });

  it('gives every reply an X-Request-Id', async () => {
    const response = await fetch(`${server.url}/api/setup`);
    expect(response.headers.get('x-request-id')).toMatch(/^[0-9a-f]{32}$/);
  });

  it('forbids framing the console by other sites and content sniffing', async () => {
    for (const path of ['/', '/token', '/api/status']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.headers.get('x-frame-options'), path).toBe('SAMEORIGIN');
      expect(response.headers.get('content-security-policy'), path).toBe("frame-ancestors 'self'");
      expect(response.headers.get('x-content-type-options'), path).toBe('nosniff');
    }
    const relay = await fetch(`${server.url}/v1/models`);
    expect(relay.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('serves the console for console routes, never for API paths', async () => {
    for (const path of ['/', '/token', '/user/edit/3', '/setting?tab=system']) {
      const response = await fetch(`${server.url}${path}`);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type'), path).toMatch(/text\/html/);
      expect(response.headers.get('cache-control'), path).toBe('no-cache');
    }
    for (const path of ['/api/nope', '/healthz/x', '/missing.js']) {
      const response = await fetch(`${server.url}${path}`, { headers: { 'Accept-Language': 'en' } });
      expect(response.status, path).toBe(404);
      expect(await response.json(), path).toEqual({ success: false, message: 'Not found' });
    }
    // Relay paths answer in their clients' error formats.
    const openAi = await fetch(`${server.url}/v1/nothing`);
    expect(openAi.status).toBe(404);
    expect(await openAi.json()).toEqual({
      error: {
        message: 'Invalid URL (GET /v1/nothing)',
        type: 'invalid_request_error',
        param: null,
        code: 'not_found',
      },
    });
    const gemini = await fetch(`${server.url}/v1beta/nothing`);
    expect(gemini.status).toBe(404);
    expect(await gemini.json()).toEqual({
      error: { code: 404, message: 'Invalid URL (GET /v1beta/nothing)', status: 'NOT_FOUND' },
    });
  });

  it('serves files built after boot, and never a path outside the build', async () => {
    writeFileSync(join(dist, 'assets', 'late-9c1e.js'), 'console.log(2)');
    const late = await fetch(`${server.url}/assets/late-9c1e.js`);
    expect(late.status).toBe(200);
    expect(await late.text()).toBe('console.log(2)');
    for (const path of ['/assets/..%2F..%2Fpackage.json', '/assets/missing-1.js']) {
      expect((await fetch(`${server.url}${path}`)).status, path).toBe(404);
    }
  });

  it('caches hashed assets for a year', async () => {
    const response = await fetch(`${server.url}/assets/app-3f2a.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('compresses large replies', async () => {
    const response = await fetch(`${server.url}/`, { headers: { 'Accept-Encoding': 'gzip' } });
    expect(response.headers.get('content-encoding')).toBe('gzip');
    // fetch decompresses transparently: the text is the page itself.
    expect(await response.text()).toMatch(/<title>console<\/title>/);
  });

  it('refuses oversized bodies with 413 and a JSON message', async () => {
    const response = await anonymousClient(server).request('POST', '/api/user/login', {
      rawBody: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024), password: 'y' }),
    });
    expect(response.status).toBe(413);
    expect(response.body).toEqual({ success: false, message: 'Request body is too large' });
  });

  it('limits critical routes per IP with a JSON 429', async () => {
    const client = anonymousClient(server);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 4; attempt += 1) statuses.push((await client.login('a', 'b')).status);
    // The oversized-body test above already used one of the three allowed calls.
    expect(statuses.filter((status) => status === 429).length).toBeGreaterThanOrEqual(1);
    const limited = await client.login('a', 'b');
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ success: false, message: 'Too many requests, try again later' });
    expect(limited.headers.get('retry-after')).toMatch(/^\d+$/);
  });
});
