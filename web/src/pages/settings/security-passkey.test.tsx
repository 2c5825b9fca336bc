import { describe, expect, it } from 'vitest';
import { passkeyProblem } from './security-passkey.tsx';

describe('passkeyProblem', () => {
  it.each([
    [{}, null],
    [{ 'passkey.rp_id': 'example.com' }, null],
    [
      {
        'passkey.rp_id': 'console.example.com',
        'passkey.origins': 'https://a.example, http://localhost:3000',
      },
      null,
    ],
    [{ 'passkey.rp_id': 'localhost', 'passkey.origins': 'https://a.example/' }, null],
    [{ 'passkey.rp_id': 'https://example.com' }, 'security.settings.problem.rpId'],
    [{ 'passkey.rp_id': 'example.com:443' }, 'security.settings.problem.rpId'],
    [{ 'passkey.rp_id': 'exa mple.com' }, 'security.settings.problem.rpId'],
    [{ 'passkey.origins': 'example.com' }, 'security.settings.problem.origins'],
    [{ 'passkey.origins': 'https://a.example/login' }, 'security.settings.problem.origins'],
    [{ 'passkey.origins': 'https://a.example, ftp://b.example' }, 'security.settings.problem.origins'],
  ])('%j → %s', (values, problem) => {
    expect(passkeyProblem(values)).toBe(problem);
  });
});
