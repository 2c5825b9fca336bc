import { describe, expect, it } from 'vitest';
import { maskSecrets } from './errors.ts';

const serviceAccount = JSON.stringify({
  type: 'service_account',
  client_email: 'relay@project-123456.iam.gserviceaccount.com',
  private_key: '-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC\n-----END PRIVATE KEY-----\n',
});

describe('maskSecrets', () => {
  it.each([
    [
      'a whole OpenAI key',
      'Incorrect API key provided: sk-proj-abcDEF123456ghiJKL',
      ['sk-proj-abcDEF123456ghiJKL'],
      'abcDEF123456',
    ],
    [
      'a key without sk- prefix',
      'bad key 9f8e7d6c5b4a39281706f5e4d3c2b1a0 given',
      ['9f8e7d6c5b4a39281706f5e4d3c2b1a0'],
      '9f8e7d6c',
    ],
    [
      'one part of a composite AWS key',
      'The security token AKIAIOSFODNN7EXAMPLE is invalid',
      ['AKIAIOSFODNN7EXAMPLE|wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY|us-east-1'],
      'AKIAIOSF',
    ],
    [
      'the secret part of a composite key',
      'signature wJalrXUtnFEMI mismatch',
      ['AKIAIOSFODNN7EXAMPLE|wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY|us-east-1'],
      'wJalrXUtnFEMI',
    ],
    [
      'a piece of a key echoed by the upstream',
      'key starting with a1b2c3d4e5f6 is revoked',
      ['a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6'],
      'a1b2c3d4e5f6',
    ],
    [
      'the second of several keys on separate lines',
      'key zzzzyyyyxxxxwwww123 disabled',
      ['first-key-aaaaaaaaaaaa\nzzzzyyyyxxxxwwww123'],
      'zzzzyyyyxxxxwwww',
    ],
    [
      'a service-account email and private key',
      `denied for relay@project-123456.iam.gserviceaccount.com: MIIEvQIBADANBgkqhkiG9w0BAQEFAASC`,
      [serviceAccount],
      'MIIEvQIB',
    ],
    ['a foreign sk- token', 'your key sk-otherSECRET12345 is wrong', [], 'otherSECRET12345'],
  ])('hides %s', (_name, text, secrets, hidden) => {
    const masked = maskSecrets(text, secrets);
    expect(masked).not.toContain(hidden);
    expect(masked).toContain('***');
  });

  it('leaves ordinary text alone', () => {
    const text = 'You exceeded your current quota, please check your plan and billing details.';
    expect(maskSecrets(text, ['a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6', 'AK|SECRETSECRET|us-east-1'])).toBe(text);
  });
});
