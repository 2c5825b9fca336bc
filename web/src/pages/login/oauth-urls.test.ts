import { describe, expect, it } from 'vitest';
import {
  type AuthorizeStatus,
  authorizeUrl,
  callbackBase,
  githubAuthorizeUrl,
  linuxDoAuthorizeUrl,
  oidcAuthorizeUrl,
} from './oauth-urls.ts';

describe('third-party login addresses', () => {
  it('sends GitHub the client id, state and email scope', () => {
    const url = new URL(githubAuthorizeUrl('client 1', 'state-abc'));
    expect(url.origin + url.pathname).toBe('https://github.com/login/oauth/authorize');
    expect(url.searchParams.get('client_id')).toBe('client 1');
    expect(url.searchParams.get('state')).toBe('state-abc');
    expect(url.searchParams.get('scope')).toBe('user:email');
  });

  it('asks Linux DO for a code and returns to /oauth/linuxdo', () => {
    const url = new URL(linuxDoAuthorizeUrl('ld', 's', 'https://gw.example.com'));
    expect(url.host).toBe('connect.linux.do');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('client_id')).toBe('ld');
    expect(url.searchParams.get('state')).toBe('s');
    expect(url.searchParams.get('redirect_uri')).toBe('https://gw.example.com/oauth/linuxdo');
  });

  it('keeps the query of an OIDC endpoint and returns to /oauth/oidc', () => {
    const url = new URL(
      oidcAuthorizeUrl('https://id.example.com/auth?tenant=7', 'oc', 'st', 'https://gw.example.com'),
    );
    expect(url.searchParams.get('tenant')).toBe('7');
    expect(url.searchParams.get('redirect_uri')).toBe('https://gw.example.com/oauth/oidc');
    expect(url.searchParams.get('scope')).toBe('openid profile email');
    expect(url.searchParams.get('response_type')).toBe('code');
    expect(url.searchParams.get('state')).toBe('st');
  });
});

describe('callbackBase', () => {
  it.each([
    ['https://gw.example.com', 'http://localhost:3000', 'https://gw.example.com'],
    ['https://gw.example.com//', 'http://localhost:3000', 'https://gw.example.com'],
    ['', 'http://localhost:3000', 'http://localhost:3000'],
    ['  ', 'http://localhost:3000', 'http://localhost:3000'],
    [undefined, 'http://localhost:3000', 'http://localhost:3000'],
  ])('%o with origin %o gives %s', (serverAddress, origin, expected) => {
    expect(callbackBase(serverAddress, origin)).toBe(expected);
  });
});

describe('authorizeUrl', () => {
  const status: AuthorizeStatus = {
    github_client_id: 'gh',
    linuxdo_client_id: 'ld',
    oidc_authorization_endpoint: 'https://id.example.com/authorize',
    oidc_client_id: 'oc',
    server_address: 'https://gw.example.com/',
  };

  it.each([
    ['github', 'https://github.com/login/oauth/authorize', 'gh', null],
    ['linuxdo', 'https://connect.linux.do/oauth2/authorize', 'ld', 'https://gw.example.com/oauth/linuxdo'],
    ['oidc', 'https://id.example.com/authorize', 'oc', 'https://gw.example.com/oauth/oidc'],
  ] as const)('%s goes to %s with client %s and redirect %o', (provider, address, clientId, redirect) => {
    const url = new URL(authorizeUrl(provider, status, 'st-1', 'http://localhost:3000'));
    expect(url.origin + url.pathname).toBe(address);
    expect(url.searchParams.get('client_id')).toBe(clientId);
    expect(url.searchParams.get('state')).toBe('st-1');
    expect(url.searchParams.get('redirect_uri')).toBe(redirect);
  });

  it('falls back to the page origin without a server address', () => {
    const url = new URL(
      authorizeUrl('oidc', { ...status, server_address: '' }, 's', 'http://localhost:3000'),
    );
    expect(url.searchParams.get('redirect_uri')).toBe('http://localhost:3000/oauth/oidc');
  });
});
