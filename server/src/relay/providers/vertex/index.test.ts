import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { readServiceAccount } from './credentials.ts';
import { regionSettingProblem, vertexClaudeModel, vertexHost, vertexRegion } from './index.ts';

describe('vertexRegion', () => {
  it.each([
    ['', 'gemini-2.5-pro', 'global'],
    ['europe-west4', 'gemini-2.5-pro', 'europe-west4'],
    ['{"default": "global", "claude-x": "us-east5"}', 'claude-x', 'us-east5'],
    ['{"default": "global", "claude-x": "us-east5"}', 'gemini-2.5-pro', 'global'],
    ['{"claude-x": "us-east5"}', 'other', 'global'],
    ['{not json', 'm', 'global'],
  ])('%s for %s → %s', (other, model, region) => {
    expect(vertexRegion(other, model)).toBe(region);
  });
});

describe('vertexHost', () => {
  it.each([
    ['global', '', 'https://aiplatform.googleapis.com'],
    ['us', '', 'https://aiplatform.us.rep.googleapis.com'],
    ['eu', '', 'https://aiplatform.eu.rep.googleapis.com'],
    ['us-central1', '', 'https://us-central1-aiplatform.googleapis.com'],
    ['europe-west4', '', 'https://europe-west4-aiplatform.googleapis.com'],
    ['us-east5', '', 'https://us-east5-aiplatform.googleapis.com'],
    ['asia-northeast1', '', 'https://asia-northeast1-aiplatform.googleapis.com'],
    ['us', 'https://vertex.example.com/', 'https://vertex.example.com'],
  ])('%s (base URL %o) → %s', (region, baseUrl, host) => {
    expect(vertexHost(region, baseUrl)).toBe(host);
  });
});

describe('vertexClaudeModel', () => {
  it.each([
    ['claude-sonnet-4-20250514', 'claude-sonnet-4@20250514'],
    ['claude-3-5-sonnet-v2@20241022', 'claude-3-5-sonnet-v2@20241022'],
    ['claude-opus-4-1', 'claude-opus-4-1'],
  ])('%s → %s', (model, vertex) => {
    expect(vertexClaudeModel(model)).toBe(vertex);
  });
});

describe('readServiceAccount', () => {
  const pem = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({
    type: 'pkcs8',
    format: 'pem',
  });
  it.each([
    ['x', 'the key is not JSON'],
    ['[]', 'the key lacks project_id, client_email, private_key'],
    ['{"project_id": "p", "client_email": "e"}', 'the key lacks private_key'],
    [
      '{"project_id": "p", "client_email": "e", "private_key": "abc"}',
      'private_key is not a PEM private key',
    ],
  ])('refuses %s', (key, reason) => {
    expect(readServiceAccount(key)).toBe(reason);
  });

  it("reads a service-account key, with Google's token endpoint by default", () => {
    expect(
      readServiceAccount(JSON.stringify({ project_id: 'p', client_email: 'e@x', private_key: pem })),
    ).toEqual({
      projectId: 'p',
      clientEmail: 'e@x',
      privateKey: String(pem).trim(),
      tokenUri: 'https://oauth2.googleapis.com/token',
    });
  });
});

describe('regionSettingProblem', () => {
  it.each([
    ['', null],
    ['us-east5', null],
    ['{"default": "global", "claude-x": "europe-west1"}', null],
    ['evil.example/x#', '"evil.example/x#" is not a region name'],
    ['{"claude-x": "a.b"}', 'the region of claude-x is not a region name'],
    ['{"claude-x": 3}', 'the region of claude-x is not a region name'],
    ['{bad', 'the region map is not valid JSON'],
    ['["us-east5"]', '"["us-east5"]" is not a region name'],
  ])('%s → %s', (other, problem) => {
    expect(regionSettingProblem(other)).toBe(problem);
  });
});
