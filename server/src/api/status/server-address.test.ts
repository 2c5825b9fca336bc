/**
 * The public status's `server_address` while ServerAddress is unset: the address the request was sent
 * to (forwarded headers only when TRUST_PROXY is on), and an explicitly saved value always wins.
 */
import { describe, expect, it } from 'vitest';
import type { PublicStatus } from '../../../../common/api/status.ts';
import { localServerAddress, requestServerAddress, serverAddressFor } from '../../options/server-address.ts';
import { loginAsRoot, type TestServer } from '../../test-support/test-server.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const forwarded = { 'x-forwarded-host': 'gw.example.com', 'x-forwarded-proto': 'https' };

async function statusAddress(server: TestServer, headers: Record<string, string>): Promise<string> {
  const reply = await server.app.inject({ method: 'GET', url: '/api/status', headers });
  return (reply.json() as { data: PublicStatus }).data.server_address;
}

describe('server address rules', () => {
  const unset = { get: () => '' };
  it('takes a saved value as it is, without trailing slashes', () => {
    const saved = { get: () => 'https://saved.example.com/' };
    expect(serverAddressFor(saved, { protocol: 'http', host: 'other:8080' }, 3000)).toBe(
      'https://saved.example.com',
    );
  });
  it('derives the address from the request, else from the port', () => {
    expect(serverAddressFor(unset, { protocol: 'https', host: 'gw.example.com' }, 3000)).toBe(
      'https://gw.example.com',
    );
    expect(serverAddressFor(unset, { protocol: 'http', host: '10.0.0.5:8080' }, 3000)).toBe(
      'http://10.0.0.5:8080',
    );
    expect(serverAddressFor(unset, undefined, 8080)).toBe('http://localhost:8080');
    expect(localServerAddress(3001)).toBe('http://localhost:3001');
  });
  it('refuses a Host that is not a plain host[:port]', () => {
    for (const host of ['', 'evil.example.com/path', 'a b', 'user@evil.example.com', 'x:port']) {
      expect(requestServerAddress({ protocol: 'http', host }), host).toBeNull();
    }
    expect(requestServerAddress({ protocol: 'http', host: '[::1]:3000' })).toBe('http://[::1]:3000');
    expect(serverAddressFor(unset, { protocol: 'http', host: 'a/b' }, 3002)).toBe('http://localhost:3002');
  });
});

describe('GET /api/status server_address without a proxy in front', () => {
  const { server } = setUpSite({ fresh: true });

  it('is the Host the request was sent to, ignoring forwarded headers', async () => {
    expect(await statusAddress(server, { host: '127.0.0.1:4123' })).toBe('http://127.0.0.1:4123');
    expect(await statusAddress(server, { host: 'gw.internal:9000', ...forwarded })).toBe(
      'http://gw.internal:9000',
    );
  });

  it('is the saved ServerAddress once an operator saved one, whatever the request', async () => {
    const root = await loginAsRoot(server);
    const saved = await root.put('/api/option/', { key: 'ServerAddress', value: 'https://api.example.com/' });
    expect(saved.body.success).toBe(true);
    expect(await statusAddress(server, { host: '127.0.0.1:4123' })).toBe('https://api.example.com');
    expect((await root.put('/api/option/', { key: 'ServerAddress', value: '' })).body.success).toBe(true);
    expect(await statusAddress(server, { host: '127.0.0.1:4123' })).toBe('http://127.0.0.1:4123');
  });
});

describe('GET /api/status server_address behind a trusted proxy', () => {
  const { server } = setUpSite({ fresh: true, environment: { TRUST_PROXY: 'true' } });

  it('follows X-Forwarded-Host and X-Forwarded-Proto', async () => {
    expect(await statusAddress(server, { host: '127.0.0.1:4123', ...forwarded })).toBe(
      'https://gw.example.com',
    );
  });
});
