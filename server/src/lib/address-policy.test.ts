import { describe, expect, it } from 'vitest';
import { addressRefusal, guardedLookup, hostRefusal } from './address-policy.ts';

describe('addressRefusal', () => {
  it.each([
    ['169.254.169.254', 'default', true],
    ['169.254.1.1', 'default', true],
    ['0.0.0.0', 'default', true],
    ['100.100.100.200', 'default', true],
    ['fe80::1', 'default', true],
    ['[fd00:ec2::254]', 'default', true],
    ['::ffff:169.254.169.254', 'default', true],
    ['127.0.0.1', 'default', false],
    ['10.1.2.3', 'default', false],
    ['192.168.1.10', 'default', false],
    ['8.8.8.8', 'default', false],
    ['127.0.0.1', 'public-only', true],
    ['10.1.2.3', 'public-only', true],
    ['::1', 'public-only', true],
    ['8.8.8.8', 'public-only', false],
    ['169.254.169.254', 'allow-all', false],
  ] as const)('%s under %s refused: %s', (address, policy, refused) => {
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
