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
    ['a short key standing alone', 'invalid key abc12 given', ['abc12'], 'abc12'],
    ['a three-character key in quotes', 'bad key "k9x"', ['k9x'], 'k9x'],
    ['a short sk- key', 'auth failed for sk-abc', ['sk-abc'], 'sk-abc'],
    ['a key with surrounding whitespace', 'rejected: k3y99', [' k3y99\n'], 'k3y99'],
    ['a composite key echoed whole', 'token 12345678|abcd rejected', ['12345678|abcd'], '12345678|abcd'],
    ['the long part of a composite key', 'app 12345678 unknown', ['12345678|abcd'], '12345678'],
    [
      'a base64 key',
      'key=Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA== bad',
      ['Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA=='],
      'Zm9vYmFy',
    ],
    [
      'a key that is a JSON string value',
      'project key AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUv is blocked',
      [JSON.stringify({ api_key: 'AIzaSyA1b2C3d4E5f6G7h8I9j0KlMnOpQrStUv', region: 'eu' })],
      'AIzaSyA1b2C3',
    ],
    [
      "a foreign JWT (another account's credential)",
      'bearer eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c bad',
      [],
      'eyJzdWIiOiIxMjM0NTY3ODkwIn0',
    ],
    ['a foreign hex secret', 'secret 0123456789abcdef0123456789abcdef leaked', [], '0123456789abcdef'],
  ])('hides %s', (_name, text, secrets, hidden) => {
    const masked = maskSecrets(text, secrets);
    expect(masked).not.toContain(hidden);
    expect(masked).toContain('***');
  });

  it('masks a short key only where it stands alone', () => {
    expect(maskSecrets('key abc is unknown; abcdef is a word', ['abc'])).toBe(
      'key *** is unknown; abcdef is a word',
    );
  });

  it('leaves model names, UUIDs and ordinary identifiers alone', () => {
    const text =
      'model gpt-4o-mini-2024-07-18 (deployment text-embedding-3-large-east) not found, trace 123e4567-e89b-12d3-a456-426614174000';
    expect(maskSecrets(text, ['sk-unrelated-1234567890'])).toBe(text);
  });

  it('leaves ordinary text alone', () => {
    const text = 'You exceeded your current quota, please check your plan and billing details.';
    expect(maskSecrets(text, ['a1b2c3d4e5f6g7h8i9j0k1l2m3n4o5p6', 'AK|SECRETSECRET|us-east-1'])).toBe(text);
  });
});
