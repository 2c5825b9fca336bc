import { describe, expect, it } from 'vitest';
import { githubAuthorizeUrl, linuxDoAuthorizeUrl, oidcAuthorizeUrl } from './oauth-urls.ts';

describe('third-party login addresses', () => {
  it('sends GitHub the client id, state and email scope', () => {
    const url = new URL(githubAuthorizeUrl('client 1', 'state-abc'));
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('client 1');
    expect(url.searchParams.get('state')).toBe('state-abc');
    expect(url.searchParams.get('scope')).toBe('user:email');
  });

  it('asks Linux DO for a code', () => {
    const url = new URL(linuxDoAuthorizeUrl('ld', 's'));
    expect(url.host).toBe('connect.linux.do');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('ld');
  });

  it('keeps the query of an OIDC endpoint and returns to /oauth/oidc', () => {
    const url = new URL(
      oidcAuthorizeUrl('https://id.example.com/auth?tenant=7', 'oc', 'st', 'https://gw.example.com'),
    );
    expect(url.searchParams.get('tenant')).toBe('7');
    expect(url.searchParams.get('redirect_uri')).toBe('https://gw.example.com/oauth/oidc');
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    expect(url.searchParams.get('state')).toBe('st');
  });
});
