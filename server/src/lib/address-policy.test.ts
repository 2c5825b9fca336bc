import { describe, expect, it } from 'vitest';
import {
  addressRefusal,
  connectHost,
  guardedLookup,
  hostRefusal,
  type UpstreamAddressPolicy,
} from './address-policy.ts';

/** One case per address of the space-separated list: [address, policy, refused]. */
const cases = (policy: UpstreamAddressPolicy, refused: boolean, addresses: string) =>
  addresses.split(' ').map((address) => [address, policy, refused] as const);

describe('addressRefusal', () => {
  it.each([
    ...cases('default', true, '169.254.169.254 169.254.1.1 0.0.0.0 100.100.100.200 fe80::1 [fd00:ec2::254]'),
    ...cases('default', true, '::ffff:169.254.169.254'),
    ...cases('default', false, '127.0.0.1 10.1.2.3 192.168.1.10 8.8.8.8'),
    ...cases('public-only', true, '127.0.0.1 10.1.2.3 ::1'),
    ...cases('public-only', false, '8.8.8.8'),
    ...cases('allow-all', false, '169.254.169.254'),
  ])('%s under %s refused: %s', (address, policy, refused) => {
    expect(addressRefusal(address, policy) !== null).toBe(refused);
  });

  it.each([
    ['metadata.google.internal', 'default', true],
    ['METADATA.GOOGLE.INTERNAL.', 'default', true],
    ['localhost', 'default', false],
    ['localhost', 'public-only', true],
    ['api.openai.com', 'public-only', false],
  ] as const)('host %s under %s refused: %s', (host, policy, refused) => {
    expect(hostRefusal(host, policy) !== null).toBe(refused);
  });

  it('refuses at lookup time what a name resolves to', async () => {
    const lookup = guardedLookup('public-only');
    const result = await new Promise<{ error: Error | null }>((resolve) =>
      lookup('localhost', {}, (error) => resolve({ error })),
    );
    expect(result.error?.message).toMatch(/refused/);
    const allowed = await new Promise<{ error: Error | null; address: unknown }>((resolve) =>
      guardedLookup('default')('localhost', {}, (error, address) => resolve({ error, address })),
    );
    expect(allowed.error).toBeNull();
    expect(String(allowed.address)).toMatch(/127\.0\.0\.1|::1/);
  });
});

describe('IPv4 addresses carried inside IPv6 addresses', () => {
  it.each([
    ...cases('default', true, '::ffff:169.254.169.254 ::ffff:a9fe:a9fe ::ffff:0:169.254.169.254'),
    ...cases('default', true, '::169.254.169.254 ::a9fe:a9fe 64:ff9b::169.254.169.254 64:ff9b::a9fe:a9fe'),
    ...cases(
      'default',
      true,
      '64:ff9b:1:a9fe:a9:fe00:: 2002:a9fe:a9fe::1 2001:0:4136:e378:8000:63bf:5601:5601',
    ),
    ...cases(
      'public-only',
      true,
      '0:0:0:0:0:ffff:7f00:1 ::ffff:0:7f00:1 ::7f00:1 64:ff9b::7f00:1 2002:7f00:1::',
    ),
    ...cases('default', false, '64:ff9b::7f00:1'),
    ...cases('public-only', false, '64:ff9b::808:808 2002:808:808::1 2606:4700:4700::1111'),
  ])('%s under %s: refused %s', (address, policy, refused) => {
    expect(addressRefusal(address, policy) !== null).toBe(refused);
  });

  it('sees through every spelling a URL parser turns into an IPv4 address', () => {
    for (const host of ['2130706433', '0x7f.0.0.1', '0177.0.0.1', '127.1']) {
      expect(hostRefusal(new URL(`http://${host}/`).hostname, 'public-only')).not.toBeNull();
    }
    expect(hostRefusal(new URL('http://[::ffff:169.254.169.254]/').hostname, 'default')).not.toBeNull();
  });
});

describe('connectHost', () => {
  it.each([
    ['http://2130706433:8080', '127.0.0.1'],
    ['https://0x7f.1/', '127.0.0.1'],
    ['socks5://2130706433:1080', '127.0.0.1'],
    ['socks5://0177.0.0.1:1080', '127.0.0.1'],
    ['socks://0xa9.254.169.254:1080', '169.254.169.254'],
    ['socks5://[::ffff:a9fe:a9fe]:1080', '[::ffff:a9fe:a9fe]'],
    ['socks5://proxy.example.com:1080', 'proxy.example.com'],
  ])('%s connects to %s', (url, host) => {
    expect(connectHost(new URL(url))).toBe(host);
  });

  it('refuses numeric spellings of SOCKS proxy hosts (a non-special scheme keeps them as written)', () => {
    expect(new URL('socks5://2852039166:1080').hostname).toBe('2852039166');
    expect(hostRefusal(connectHost(new URL('socks5://2852039166:1080')), 'default')).not.toBeNull();
  });
});
