/**
 * The integration-test harness as vitest hooks. Called in a describe block, `setUpSite` registers the
 * beforeAll that starts a site (startTestSite in test-server.ts: server, root, options, users) and the
 * afterAll that closes it, and returns the server and clients at once, so that a suite reads
 *
 *   describe.each(matrix)('tokens on $name', (dialect) => {
 *     const { server, root, users: { alice }, run } = setUpSite({ dialect, users: ['alice'] });
 *     run('creates a token', async () => { … alice.post(…) … });
 *   });
 *
 * The returned objects stand for the ones beforeAll creates: they may be used inside tests and later hooks
 * (a hook registered after setUpSite runs after it), and throw when touched before. With a dialect that
 * is not reachable nothing starts and `run` skips every test. Fake vendors and other resources are set up
 * the same way with setUpResource; one set up before setUpSite starts before the server (so that the
 * server's environment or options can name its address) and closes after it.
 */
import { afterAll, beforeAll, it } from 'vitest';
import type { DialectCase } from './databases.ts';
import { type RelayFixture, type RelayFixtureOptions, startRelayFixture } from './relay-fixture.ts';
import {
  type ApiClient,
  anonymousClient,
  siteUsers,
  startTestServer,
  startTestSite,
  type TestServer,
  type TestServerOptions,
  type TestSiteOptions,
} from './test-server.ts';

interface DialectChoice {
  /** A case of databaseMatrix(): the suite runs on that database, or is skipped when it does not answer. */
  dialect?: DialectCase;
  /** Computed when the site starts, so that it may name fakes started by earlier hooks. */
  environment?: Record<string, string> | (() => Record<string, string>);
}

export type SetUpSiteOptions<Names extends string> = Omit<
  TestSiteOptions<Names>,
  'database' | 'environment'
> &
  DialectChoice & {
    /** Leaves the site as a new install: setup is not run, nobody logs in (no root, users or options). */
    fresh?: boolean;
  };

export interface SuiteSite<Names extends string> {
  server: TestServer;
  root: ApiClient;
  users: Record<Names, ApiClient>;
  /** A client without a session, made when the site starts (it keeps a session a test logs it in with). */
  anonymous: ApiClient;
  /** `it`, skipped when the dialect is not reachable. */
  run: SkippableTest;
}

type SkippableTest = ReturnType<typeof it.skipIf>;

/**
 * An object that forwards to the value `current()` holds once a hook has set it. Methods are bound to the
 * value, so that they work when called on the stand-in.
 */
export function standIn<T extends object>(what: string, current: () => T | undefined): T {
  const target = (): T => {
    const value = current();
    if (value === undefined)
      throw new Error(
        `${what} is not there: it exists from the suite's beforeAll on, and a fresh site has no root or users`,
      );
    return value;
  };
  return new Proxy(Object.create(null) as T, {
    get(_, key) {
      const value = target();
      const member = Reflect.get(value, key, value) as unknown;
      return typeof member === 'function' ? member.bind(value) : member;
    },
    set: (_, key, member) => Reflect.set(target(), key, member),
    has: (_, key) => Reflect.has(target(), key),
    getPrototypeOf: () => Reflect.getPrototypeOf(target()),
  });
}

/** The database and environment of the server, resolved when the beforeAll runs. */
async function serverOptionsOf({ dialect, environment }: DialectChoice): Promise<TestServerOptions> {
  const resolved = typeof environment === 'function' ? environment() : environment;
  return {
    ...(dialect ? { database: await dialect.create() } : {}),
    ...(resolved ? { environment: resolved } : {}),
  };
}

/** Starts a site before the tests of the surrounding describe block and closes it after them. */
export function setUpSite<Names extends string = never>(
  options: SetUpSiteOptions<Names> = {},
): SuiteSite<Names> {
  const { dialect, environment, fresh, ...siteOptions } = options;
  const skipped = dialect?.skipReason != null;
  let server: TestServer | undefined;
  let root: ApiClient | undefined;
  let anonymous: ApiClient | undefined;
  let users: Partial<Record<Names, ApiClient>> = {};
  beforeAll(async () => {
    if (skipped) return;
    const serverOptions = await serverOptionsOf({ dialect, environment });
    if (fresh) server = await startTestServer(serverOptions);
    else ({ server, root, users } = await startTestSite({ ...serverOptions, ...siteOptions }));
    anonymous = anonymousClient(server);
  });
  afterAll(async () => server?.close());
  const userStandIns = {} as Record<Names, ApiClient>;
  for (const [name] of siteUsers(options.users))
    userStandIns[name] = standIn<ApiClient>(`user ${name}`, () => users[name]);
  return {
    server: standIn('the server', () => server),
    root: standIn('root', () => root),
    users: userStandIns,
    anonymous: standIn('the anonymous client', () => anonymous),
    run: it.skipIf(skipped),
  };
}

/**
 * A resource of the surrounding describe block (a fake vendor, a mail sink…): started by a beforeAll,
 * closed by an afterAll; with a dialect that is not reachable, never started.
 */
export function setUpResource<T extends { close(): Promise<void> }>(
  start: () => Promise<T>,
  dialect?: DialectCase,
): T {
  let resource: T | undefined;
  beforeAll(async () => {
    if (dialect?.skipReason == null) resource = await start();
  });
  afterAll(async () => resource?.close());
  return standIn('the resource', () => resource);
}

export type SetUpRelayFixtureOptions = Omit<RelayFixtureOptions, 'database' | 'environment'> &
  DialectChoice & {
    /**
     * More instances of the gateway on the fixture's database (scale-out and race tests): each a server
     * with the fixture's environment and `environment` over it; only the fixture drops the database.
     */
    peers?: { count: number; environment?: Record<string, string> };
  };

/** The relay fixture (relay-fixture.ts) of the surrounding describe block, started and closed by its hooks. */
export function setUpRelayFixture(options: SetUpRelayFixtureOptions = {}): {
  fixture: RelayFixture;
  /** The peer instances, started after the fixture and closed before it. */
  peers: TestServer[];
  run: SkippableTest;
} {
  const { dialect, environment, peers: peerOptions, ...fixtureOptions } = options;
  const skipped = dialect?.skipReason != null;
  let fixture: RelayFixture | undefined;
  const peers: TestServer[] = [];
  beforeAll(async () => {
    if (skipped) return;
    const serverOptions = await serverOptionsOf({ dialect, environment });
    fixture = await startRelayFixture({ ...serverOptions, ...fixtureOptions });
    for (let index = 0; index < (peerOptions?.count ?? 0); index += 1) {
      peers.push(
        await startTestServer({
          database: { ...fixture.server.database, drop: async () => undefined },
          environment: { ...fixture.environment, ...peerOptions?.environment },
        }),
      );
    }
  });
  afterAll(async () => {
    for (const peer of peers.splice(0)) await peer.close();
    await fixture?.close();
  });
  return { fixture: standIn('the relay fixture', () => fixture), peers, run: it.skipIf(skipped) };
}
