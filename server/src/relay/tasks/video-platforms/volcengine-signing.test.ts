/**
 * Volcengine's request signature (./volcengine-signing.ts) against a vector made with Volcengine's official
 * Node signer (`@volcengine/openapi` 1.36.2, `lib/base/sign`: `new Signer({region: 'cn-north-1', method:
 * 'POST', pathname: '/', params: {Action: 'CVSync2AsyncSubmitTask', Version: '2022-08-31'}, headers: {Host:
 * 'visual.volcengineapi.com', 'Content-Type': 'application/json'}, body}, 'cv').addAuthorization({accessKeyId:
 * 'AKLTexampleaccesskey', secretKey: 'exampleSecretKey=='}, new Date(Date.UTC(2025, 0, 2, 3, 4, 5)))`).
 */
import { describe, expect, it } from 'vitest';
import { signVolcengine } from './volcengine-signing.ts';

describe('Volcengine request signing', () => {
  it('signs as the official signer does', () => {
    const headers = signVolcengine({
      method: 'POST',
      url: 'https://visual.volcengineapi.com/?Version=2022-08-31&Action=CVSync2AsyncSubmitTask',
      body: '{"req_key":"jimeng_vgfm_t2v_l20","prompt":"a fox","seed":-1,"aspect_ratio":"16:9"}',
      accessKey: 'AKLTexampleaccesskey',
      secretKey: 'exampleSecretKey==',
      region: 'cn-north-1',
      service: 'cv',
      now: Date.UTC(2025, 0, 2, 3, 4, 5),
    });
    expect(headers).toEqual({
      'x-date': '20250102T030405Z',
      'x-content-sha256': '9441f0138f720f8a9dda2b348b75fdcc9937867b30564038945cfabae09b6143',
      authorization:
        'HMAC-SHA256 Credential=AKLTexampleaccesskey/20250102/cn-north-1/cv/request, ' +
        'SignedHeaders=host;x-content-sha256;x-date, ' +
        'Signature=b60e550faeaa287910198533fbcb03672b9e69044a7ba477657de0f22a17bd69',
    });
  });

  it('changes the signature with the body, the time and the key', () => {
    const base = {
      method: 'POST',
      url: 'https://visual.volcengineapi.com/?Action=CVSync2AsyncGetResult&Version=2022-08-31',
      body: '{"task_id":"1"}',
      accessKey: 'ak',
      secretKey: 'sk',
      region: 'cn-north-1',
      service: 'cv',
      now: Date.UTC(2025, 5, 1),
    };
    const signature = (overrides: Partial<typeof base>) =>
      signVolcengine({ ...base, ...overrides }).authorization;
    const first = signature({});
    expect(signature({ body: '{"task_id":"2"}' })).not.toBe(first);
    expect(signature({ now: base.now + 1000 })).not.toBe(first);
    expect(signature({ secretKey: 'other' })).not.toBe(first);
    expect(signature({})).toBe(first);
  });
});
