/**
 * A real OpenID Provider for tests (panva/oidc-provider, the certified implementation) with one
 * confidential client. Its login and consent interactions are completed by code, standing in for the
 * person who would type a password and press "allow": the interaction page signs in the account the
 * test chose and grants the scopes the client asked for. `authorizeInBrowser` then plays the browser,
 * following redirects with the provider's cookies until the provider sends it back to the client's
 * redirect address with a real authorization code.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type Account, type Adapter, type AdapterPayload, type JWK } from 'oidc-provider';
import { CookieJar } from './browser.ts';

export interface OidcTestAccount {
  sub: string;
  email?: string;
  email_verified?: boolean;
  preferred_username?: string;
  name?: string;
}

export interface OidcTestClient {
  clientId: string;
  clientSecret: string;
  redirectUri: string;
}

export interface OidcProviderHarness {
  issuer: string;
  /** The well-known document's address, as an administrator would enter it in the console. */
  discoveryUrl: string;
  /** The account the next interaction signs in (the person at the provider's login page). */
  signInAs(account: OidcTestAccount): void;
  /** Plays the browser from the authorization URL to the redirect back to the client; returns that URL. */
  authorizeInBrowser(authorizationUrl: string): Promise<URL>;
  close(): Promise<void>;
}

/** The provider's storage for this harness only (codes, tokens, sessions), expiring like a real one. */
function memoryAdapterFactory(): (model: string) => Adapter {
  const entries = new Map<string, { payload: AdapterPayload; expiresAt: number }>();
  const read = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return undefined;
    if (entry.expiresAt <= Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry.payload;
  };
  return (model) => {
    const keyOf = (id: string) => `${model}:${id}`;
    const findBy = (field: 'uid' | 'userCode', value: string) => {
      for (const [key, entry] of entries) {
        if (key.startsWith(`${model}:`) && entry.payload[field] === value) return read(key);
      }
      return undefined;
    };
    return {
      async upsert(id, payload, expiresIn) {
        entries.set(keyOf(id), { payload, expiresAt: Date.now() + expiresIn * 1000 });
      },
      async find(id) {
        return read(keyOf(id));
      },
      async findByUid(uid) {
        return findBy('uid', uid);
      },
      async findByUserCode(userCode) {
        return findBy('userCode', userCode);
      },
      async consume(id) {
        const payload = read(keyOf(id));
        if (payload) payload.consumed = Math.floor(Date.now() / 1000);
      },
      async destroy(id) {
        entries.delete(keyOf(id));
      },
      async revokeByGrantId(grantId) {
        for (const [key, entry] of entries) if (entry.payload.grantId === grantId) entries.delete(key);
      },
    };
  };
}

function signingKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { ...(privateKey.export({ format: 'jwk' }) as JWK), kid: 'test-key', use: 'sig', alg: 'RS256' };
}

export async function startOidcProvider(client: OidcTestClient): Promise<OidcProviderHarness> {
  const accounts = new Map<string, OidcTestAccount>();
  let signedIn: OidcTestAccount | null = null;
  let provider: Provider | null = null;

  const server = createServer((request, response) => {
    if (!provider) {
      response.writeHead(503).end();
      return;
    }
    if (request.url?.startsWith('/interaction/')) {
      completeInteraction(provider, request, response).catch((error: unknown) => {
        if (!response.headersSent) response.writeHead(500);
        response.end(String(error));
      });
      return;
    }
    provider.callback()(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function completeInteraction(
    active: Provider,
    request: Parameters<Provider['interactionDetails']>[0],
    response: Parameters<Provider['interactionDetails']>[1],
  ): Promise<void> {
    const details = await active.interactionDetails(request, response);
    if (details.prompt.name === 'login') {
      if (!signedIn) throw new Error('no test account signed in');
      accounts.set(signedIn.sub, signedIn);
      await active.interactionFinished(
        request,
        response,
        { login: { accountId: signedIn.sub } },
        { mergeWithLastSubmission: false },
      );
      return;
    }
    if (details.prompt.name === 'consent') {
      const accountId = details.session?.accountId;
      if (!accountId) throw new Error('consent without a session');
      const grant = details.grantId
        ? await active.Grant.find(details.grantId)
        : new active.Grant({ accountId, clientId: details.params.client_id as string });
      if (!grant) throw new Error('grant vanished');
      const missing = details.prompt.details as { missingOIDCScope?: string[]; missingOIDCClaims?: string[] };
      if (missing.missingOIDCScope) grant.addOIDCScope(missing.missingOIDCScope.join(' '));
      if (missing.missingOIDCClaims) grant.addOIDCClaims(missing.missingOIDCClaims);
      const grantId = await grant.save();
      await active.interactionFinished(
        request,
        response,
        { consent: { grantId } },
        { mergeWithLastSubmission: true },
      );
      return;
    }
    throw new Error(`unexpected prompt ${details.prompt.name}`);
  }

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [client.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    adapter: memoryAdapterFactory(),
    jwks: { keys: [signingKey()] },
    ttl: {
      AccessToken: 600,
      AuthorizationCode: 60,
      Grant: 3600,
      IdToken: 600,
      Interaction: 600,
      Session: 3600,
    },
    cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['preferred_username', 'name'],
    },
    features: { devInteractions: { enabled: false } },
    // A confidential client authenticating with its secret; the console sends no code challenge.
    pkce: { required: () => false },
    interactions: { url: (_context, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_context, id): Account | undefined => {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ ...account }) };
    },
  });

  return {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    signInAs(account) {
      signedIn = account;
    },
    async authorizeInBrowser(authorizationUrl) {
      const jar = new CookieJar();
      let next = new URL(authorizationUrl);
      for (let hop = 0; hop < 10; hop += 1) {
        if (next.href.startsWith(client.redirectUri)) return next;
        const cookie = jar.header();
        const response = await fetch(next, { redirect: 'manual', headers: cookie ? { cookie } : {} });
        jar.absorb(response.headers.getSetCookie());
        const location = response.headers.get('location');
        if (response.status < 300 || response.status >= 400 || !location) {
          throw new Error(`authorization stopped with ${response.status}: ${await response.text()}`);
        }
        await response.body?.cancel();
        next = new URL(location, next);
      }
      throw new Error('too many redirects during authorization');
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
