/**
 * Channel affinity (./affinity.ts): keys per user, group and model; new-api's rules as its JSON writes them;
 * the memory store's TTL and LRU bound; switch_on_success; and two instances sharing pins through Redis.
 */
import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { optionDefaults } from '../../options/catalogue.ts';
import { AFFINITY_RULES_SHAPE } from '../../options/catalogue-affinity.ts';
import { REDIS_TEST_URL, redisSkipReason } from '../../test-support/redis.ts';
import { AFFINITY_SETTING, type AffinityInput, ChannelAffinity } from './affinity.ts';

/** The option store's read side over plain values (JSON parsed once per value, as the store does). */
function fakeOptions(values: Record<string, string>) {
  const all = new Map<string, string>(Object.entries({ ...optionDefaults(), ...values }));
  const parsed = new Map<string, { raw: string; value: unknown }>();
  return {
    set: (key: string, value: string) => all.set(key, value),
    get: (key: string) => all.get(key) ?? '',
    getBoolean: (key: string) => all.get(key) === 'true',
    getNumber: (key: string) => Number(all.get(key) ?? 0),
    getJson<T>(key: string): T {
      const raw = all.get(key) ?? 'null';
      const cached = parsed.get(key);
      if (cached?.raw === raw) return cached.value as T;
      const value = JSON.parse(raw);
      parsed.set(key, { raw, value });
      return value as T;
    },
  };
}

const ON = { [AFFINITY_SETTING.enabled]: 'true' };

function call(overrides: Partial<AffinityInput> = {}): AffinityInput {
  return {
    model: 'claude-sonnet-4-5',
    usingGroup: 'default',
    path: '/v1/messages',
    headers: { 'x-claude-code-session-id': 'session-1', 'user-agent': 'claude-cli/2.1.197' },
    body: { messages: [{ role: 'user', content: 'hi' }] },
    userId: 7,
    tokenId: 70,
    ...overrides,
  };
}

describe('affinity keys', () => {
  it('are null while affinity is off (the default)', () => {
    expect(new ChannelAffinity({ options: fakeOptions({}) }).keyOf(call())).toBeNull();
  });

  it('are hashes: never the raw identifier', () => {
    const key = new ChannelAffinity({ options: fakeOptions(ON) }).keyOf(call());
    expect(key).toMatch(/^0\.[\w-]{43}$/);
    expect(key).not.toContain('session-1');
  });

  it.each([
    ['another user', { userId: 8 }],
    ['another group', { usingGroup: 'vip' }],
    ['another model', { model: 'claude-haiku-4-5' }],
    ['another session', { headers: { 'x-claude-code-session-id': 'session-2' } }],
  ] as const)('differ for %s', (_name, change) => {
    const affinity = new ChannelAffinity({ options: fakeOptions(ON) });
    expect(affinity.keyOf(call(change))).not.toBe(affinity.keyOf(call()));
  });

  it('are the same for the same conversation of the same user', () => {
    const affinity = new ChannelAffinity({ options: fakeOptions(ON) });
    expect(affinity.keyOf(call({ body: { messages: [] } }))).toBe(affinity.keyOf(call()));
  });
});

/** Rules as new-api's console writes them (setting/operation_setting/channel_affinity_setting.go). */
const NEW_API_RULES = [
  {
    name: 'codex-prompt-cache',
    model_regex: ['^gpt-5', '^codex'],
    path_regex: ['/v1/responses'],
    user_agent_include: ['codex'],
    key_sources: [{ type: 'gjson', path: 'prompt_cache_key' }],
    value_regex: '^[0-9a-f-]{8,}$',
    ttl_seconds: 600,
    skip_retry_on_failure: false,
    include_using_group: true,
    include_rule_name: true,
    param_override_template: { store: false },
  },
  {
    name: 'per-token',
    model_regex: ['.*'],
    path_regex: [],
    key_sources: [
      { type: 'gjson', path: 'metadata.conversation\\.id' },
      { type: 'context_int', key: 'token_id' },
    ],
    value_regex: '',
    ttl_seconds: 0,
    include_using_group: true,
    include_rule_name: false,
  },
];

describe("new-api's rules", () => {
  it('pass the option shape, and a pattern that does not compile does not', () => {
    expect(AFFINITY_RULES_SHAPE.schema.safeParse(NEW_API_RULES).success).toBe(true);
    const broken = [{ ...NEW_API_RULES[0], model_regex: ['(unclosed'] }];
    expect(AFFINITY_RULES_SHAPE.schema.safeParse(broken).success).toBe(false);
  });

  const options = fakeOptions({ ...ON, [AFFINITY_SETTING.rules]: JSON.stringify(NEW_API_RULES) });
  const affinity = new ChannelAffinity({ options });
  const codexCall = (overrides: Partial<AffinityInput> = {}) =>
    call({
      model: 'gpt-5-codex',
      path: '/v1/responses',
      headers: { 'user-agent': 'codex_exec/0.169.0' },
      body: { prompt_cache_key: '01a21ed5-2c82', input: 'hi' },
      ...overrides,
    });

  it.each([
    ['the first rule, with its TTL', codexCall(), /^600\./],
    ['a body path with an escaped dot', call({ body: { metadata: { 'conversation.id': 'c1' } } }), /^0\./],
    [
      'the second rule by token id when the first does not apply (user agent)',
      codexCall({ headers: {} }),
      /^0\./,
    ],
  ] as const)('%s', (_name, input, pattern) => {
    expect(affinity.keyOf(input)).toMatch(pattern);
  });

  it('key by the matching value: two prompt_cache_keys, two keys; another token, another key', () => {
    const other = codexCall({ body: { prompt_cache_key: 'ffffffff-0000', input: 'hi' } });
    expect(affinity.keyOf(other)).not.toBe(affinity.keyOf(codexCall()));
    const byToken = (tokenId: number) => affinity.keyOf(call({ tokenId, headers: {}, body: {} }));
    expect(byToken(70)).toBe(byToken(70));
    expect(byToken(70)).not.toBe(byToken(71));
  });

  it('fall back to the built-in recognition when the value fails value_regex and no rule is left', () => {
    const only = fakeOptions({ ...ON, [AFFINITY_SETTING.rules]: JSON.stringify([NEW_API_RULES[0]]) });
    const key = new ChannelAffinity({ options: only }).keyOf(
      codexCall({ body: { prompt_cache_key: 'NOT HEX', input: 'hi' } }),
    );
    expect(key).toMatch(/^0\./);
  });
});

describe('remembered targets in memory', () => {
  it('expire after the default TTL, restarted by each remember', () => {
    let now = 1_000_000;
    const options = fakeOptions({ ...ON, [AFFINITY_SETTING.defaultTtlSeconds]: '60' });
    const affinity = new ChannelAffinity({ options, now: () => now });
    const key = affinity.keyOf(call()) as string;
    expect(affinity.lookup(key)).toBeNull();
    affinity.remember(key, { channelId: 3, keyIndex: 1 });
    now += 59_000;
    expect(affinity.lookup(key)).toEqual({ channelId: 3, keyIndex: 1 });
    affinity.remember(key, { channelId: 3, keyIndex: 1 });
    now += 59_000;
    expect(affinity.lookup(key)).toEqual({ channelId: 3, keyIndex: 1 });
    now += 1_000;
    expect(affinity.lookup(key)).toBeNull();
  });

  it("follow a rule's own TTL", () => {
    let now = 0;
    const rules = [{ ...NEW_API_RULES[1], ttl_seconds: 5 }];
    const options = fakeOptions({ ...ON, [AFFINITY_SETTING.rules]: JSON.stringify(rules) });
    const affinity = new ChannelAffinity({ options, now: () => now });
    const key = affinity.keyOf(call({ headers: {}, body: {} })) as string;
    affinity.remember(key, { channelId: 4, keyIndex: 0 });
    now += 5_000;
    expect(affinity.lookup(key)).toBeNull();
  });

  it('keep at most max_entries, the least recently used making room', () => {
    const options = fakeOptions({ ...ON, [AFFINITY_SETTING.maxEntries]: '2' });
    const affinity = new ChannelAffinity({ options });
    const [first, second, third] = [1, 2, 3].map(
      (n) => affinity.keyOf(call({ headers: { 'x-session-id': `s${n}` } })) as string,
    ) as [string, string, string];
    affinity.remember(first, { channelId: 1, keyIndex: 0 });
    affinity.remember(second, { channelId: 2, keyIndex: 0 });
    affinity.lookup(first); // used: the second is now the least recent
    affinity.remember(third, { channelId: 3, keyIndex: 0 });
    expect(affinity.size).toBe(2);
    expect(affinity.lookup(second)).toBeNull();
    expect(affinity.lookup(first)).toEqual({ channelId: 1, keyIndex: 0 });
    expect(affinity.lookup(third)).toEqual({ channelId: 3, keyIndex: 0 });
  });

  it.each([
    ['true', { channelId: 9, keyIndex: 2 }],
    ['false', { channelId: 1, keyIndex: 0 }],
  ])('with switch_on_success %s a success elsewhere leaves the pin at %j', (switchOnSuccess, expected) => {
    const options = fakeOptions({ ...ON, [AFFINITY_SETTING.switchOnSuccess]: switchOnSuccess });
    const affinity = new ChannelAffinity({ options });
    const key = affinity.keyOf(call()) as string;
    affinity.remember(key, { channelId: 1, keyIndex: 0 });
    affinity.remember(key, { channelId: 9, keyIndex: 2 });
    expect(affinity.lookup(key)).toEqual(expected);
  });

  it('forget drops the pin (a channel that can no longer serve it)', () => {
    const affinity = new ChannelAffinity({ options: fakeOptions(ON) });
    const key = affinity.keyOf(call()) as string;
    affinity.remember(key, { channelId: 1, keyIndex: 0 });
    affinity.forget(key);
    expect(affinity.lookup(key)).toBeNull();
  });

  it('ignore keys it did not make and targets that are not channels', () => {
    const affinity = new ChannelAffinity({ options: fakeOptions(ON) });
    expect(affinity.lookup('nonsense')).toBeNull();
    const key = affinity.keyOf(call()) as string;
    affinity.remember(key, { channelId: 0, keyIndex: 0 });
    expect(affinity.lookup(key)).toBeNull();
  });
});

const skipReason = await redisSkipReason();

describe.skipIf(skipReason !== null)('remembered targets shared through Redis', () => {
  let redis: Redis;
  let second: Redis;
  const keyPrefix = `sy-test-${randomBytes(4).toString('hex')}:`;
  const errors: Error[] = [];
  const instance = (client: Redis, values: Record<string, string> = {}) =>
    new ChannelAffinity({
      options: fakeOptions({ ...ON, ...values }),
      redis: client,
      keyPrefix,
      onError: (error) => errors.push(error),
    });

  beforeAll(() => {
    redis = new Redis(REDIS_TEST_URL);
    second = new Redis(REDIS_TEST_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${keyPrefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    redis.disconnect();
    second.disconnect();
  });

  it('a pin made by one instance is found by another, with its expiry', async () => {
    const one = instance(redis);
    const two = instance(second);
    const key = one.keyOf(call()) as string;
    expect(two.keyOf(call())).toBe(key);
    one.remember(key, { channelId: 5, keyIndex: 3 });
    await redis.ping(); // the SET was sent before this and has been answered
    expect(await two.lookup(key)).toEqual({ channelId: 5, keyIndex: 3 });
    const ttl = await redis.pttl(`${keyPrefix}affinity:${key.slice(2)}`);
    expect(ttl).toBeGreaterThan(3_590_000);
    // Now in the second instance's memory: answered without a promise.
    expect(two.lookup(key)).toEqual({ channelId: 5, keyIndex: 3 });
    one.forget(key);
    await redis.ping();
    expect(await instance(second).lookup(key)).toBeNull();
    expect(errors).toEqual([]);
  });

  it('without switch_on_success, a pin another instance holds is kept', async () => {
    const values = { [AFFINITY_SETTING.switchOnSuccess]: 'false' };
    const one = instance(redis, values);
    const two = instance(second, values);
    const key = one.keyOf(call({ headers: { 'x-session-id': 'nx' } })) as string;
    one.remember(key, { channelId: 1, keyIndex: 0 });
    await redis.ping();
    two.remember(key, { channelId: 2, keyIndex: 0 });
    await second.ping();
    expect(await two.lookup(key)).toEqual({ channelId: 1, keyIndex: 0 });
  });

  it('a Redis that fails is reported and counts as a miss', async () => {
    const broken = new Redis('redis://127.0.0.1:1', {
      lazyConnect: true,
      maxRetriesPerRequest: 0,
      retryStrategy: () => null,
    });
    broken.on('error', () => undefined);
    const seen: Error[] = [];
    const affinity = new ChannelAffinity({
      options: fakeOptions(ON),
      redis: broken,
      onError: (e) => seen.push(e),
    });
    const key = affinity.keyOf(call()) as string;
    expect(await affinity.lookup(key)).toBeNull();
    expect(seen.length).toBe(1);
    broken.disconnect();
  });
});
