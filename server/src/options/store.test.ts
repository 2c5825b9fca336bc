import { beforeAll, describe, expect, vi } from 'vitest';
import type { DatabaseHandle } from '../db/connect.ts';
import { runMigrations } from '../db/migrations/index.ts';
import { GatewayError } from '../lib/errors.ts';
import { setUpDatabaseHandle } from '../test-support/database-handle.ts';
import { databaseMatrix } from '../test-support/databases.ts';
import { optionDefaults } from './catalogue.ts';
import { defaultModelRatios } from './default-ratios.ts';
import { OptionStore } from './store.ts';

const matrix = await databaseMatrix();

async function storedRow(handle: DatabaseHandle, key: string): Promise<string | null | undefined> {
  const row = await handle.db.selectFrom('options').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Writes option rows directly, as an older install (or a hand edit) left them. */
async function insertRows(handle: DatabaseHandle, rows: Record<string, string | null>): Promise<void> {
  await handle.db
    .insertInto('options')
    .values(Object.entries(rows).map(([key, value]) => ({ key, value })))
    .execute();
}

describe.each(matrix)('OptionStore on $name', (dialect) => {
  const { handle, secondHandle, run: it } = setUpDatabaseHandle(dialect, { secondConnection: true });

  beforeAll(async () => {
    if (dialect.skipReason) return;
    await runMigrations(handle);
  });

  it('serves the catalogue defaults from an empty table', async () => {
    const store = new OptionStore(handle);
    await store.load();
    expect(store.get('SystemName')).toBe('Switchyard');
    expect(store.getBoolean('PasswordLoginEnabled')).toBe(true);
    expect(store.getBoolean('EmailVerificationEnabled')).toBe(false);
    expect(store.getNumber('QuotaPerUnit')).toBe(500000);
    expect(store.getNumber('USDExchangeRate')).toBe(7.3);
    expect(store.getJson<Record<string, number>>('GroupRatio')).toEqual({ default: 1, vip: 1, svip: 1 });
    expect(store.getJson<Record<string, number>>('ModelRatio')).toEqual(defaultModelRatios());
    expect(store.get('NoSuchOption')).toBe('');
    expect(store.getNumber('NoSuchOption')).toBe(0);
    expect(store.getJson('NoSuchOption')).toBeNull();
  });

  it('writes through, updates the cache at once, and upserts', async () => {
    const store = new OptionStore(handle);
    await store.load();
    await store.set('SystemName', 'First');
    expect(store.get('SystemName')).toBe('First');
    expect(await storedRow(handle, 'SystemName')).toBe('First');
    await store.set('SystemName', 'Second');
    expect(store.get('SystemName')).toBe('Second');
    expect(await storedRow(handle, 'SystemName')).toBe('Second');
    await store.set('ServerAddress', 'https://gateway.example.com/');
    expect(store.get('ServerAddress')).toBe('https://gateway.example.com');
    expect(await storedRow(handle, 'ServerAddress')).toBe('https://gateway.example.com');
    await store.set('RetryTimes', ' 2 ');
    expect(store.getNumber('RetryTimes')).toBe(2);
    const count = await handle.db
      .selectFrom('options')
      .select('key')
      .where('key', '=', 'SystemName')
      .execute();
    expect(count).toHaveLength(1);
  });

  it('refuses invalid values without writing anything', async () => {
    const store = new OptionStore(handle);
    await store.load();
    await expect(store.set('GroupRatio', '{"default":')).rejects.toMatchObject({
      status: 400,
      code: 'option.invalid_json',
    });
    await expect(store.set('GitHubOAuthEnabled', 'true')).rejects.toMatchObject({
      status: 200,
      code: 'option.github_oauth_incomplete',
    });
    await expect(store.set('Unknown', '1')).rejects.toBeInstanceOf(GatewayError);
    expect(await storedRow(handle, 'GroupRatio')).toBeUndefined();
    expect(await storedRow(handle, 'GitHubOAuthEnabled')).toBeUndefined();
    expect(await storedRow(handle, 'Unknown')).toBeUndefined();
  });

  it('checks enable-guards against the values already stored', async () => {
    const store = new OptionStore(handle);
    await store.load();
    await store.set('GitHubClientId', 'client-id');
    await store.set('GitHubClientSecret', 'client-secret');
    await store.set('GitHubOAuthEnabled', 'true');
    expect(store.getBoolean('GitHubOAuthEnabled')).toBe(true);
    await store.set('GitHubOAuthEnabled', 'false');
  });

  it('keeps unknown adopted keys, lists no secrets and no internal keys', async () => {
    await insertRows(handle, {
      LegacyOneApiOption: 'kept as is',
      LegacyApiKey: 'sk-should-not-leak',
      NullValued: null,
    });
    const store = new OptionStore(handle);
    await store.load();
    await store.set('EpayKey', 'merchant-key');
    await store.set('SMTPToken', 'smtp-password');
    await store.set('TurnstileSiteKey', 'public-site-key');
    await store.setInternal('internal.session_secret', 'very-secret-value');
    expect(store.get('LegacyOneApiOption')).toBe('kept as is');
    expect(store.get('NullValued')).toBe('');
    expect(store.get('internal.session_secret')).toBe('very-secret-value');
    expect(store.get('EpayKey')).toBe('merchant-key');

    const listed = new Map(store.listForConsole().map((entry) => [entry.key, entry.value]));
    expect(listed.get('LegacyOneApiOption')).toBe('kept as is');
    expect(listed.get('TurnstileSiteKey')).toBe('public-site-key');
    expect(listed.get('SystemName')).toBeDefined();
    for (const key of listed.keys()) {
      expect(/(token|secret|key)$/i.test(key) && key !== 'TurnstileSiteKey', key).toBe(false);
      expect(key.startsWith('internal.'), key).toBe(false);
    }
    for (const hidden of [
      'EpayKey',
      'SMTPToken',
      'LegacyApiKey',
      'GitHubClientSecret',
      'oidc.client_secret',
    ]) {
      expect(listed.has(hidden), hidden).toBe(false);
    }
    const serialised = JSON.stringify(store.listForConsole());
    for (const secret of ['merchant-key', 'smtp-password', 'very-secret-value', 'sk-should-not-leak']) {
      expect(serialised).not.toContain(secret);
    }
    for (const [key, value] of listed) expect(typeof value, key).toBe('string');
  });

  it('accepts only internal.* keys in setInternal', async () => {
    const store = new OptionStore(handle);
    await expect(store.setInternal('SystemName', 'x')).rejects.toThrow(/internal\./);
  });

  it('gives processes that claim a server-only value together the same one, the first stored', async () => {
    const first = new OptionStore(handle);
    const second = new OptionStore(handle);
    await Promise.all([first.load(), second.load()]);
    const [fromFirst, fromSecond] = await Promise.all([
      first.claimInternal('internal.claimed_secret', 'candidate-one'),
      second.claimInternal('internal.claimed_secret', 'candidate-two'),
    ]);
    expect(fromSecond).toBe(fromFirst);
    expect(['candidate-one', 'candidate-two']).toContain(fromFirst);
    expect(first.get('internal.claimed_secret')).toBe(fromFirst);
    expect(second.get('internal.claimed_secret')).toBe(fromFirst);
    // A later claim never replaces it.
    const third = new OptionStore(handle);
    await third.load();
    expect(await third.claimInternal('internal.claimed_secret', 'candidate-three')).toBe(fromFirst);
    await expect(third.claimInternal('SystemName', 'x')).rejects.toThrow(/internal\./);
  });

  it('falls back to defaults for unusable stored values', async () => {
    await insertRows(handle, {
      PreConsumedQuota: 'lots',
      TopupGroupRatio: '{broken',
      AutoGroups: '{"not":"a list"}',
    });
    const warn = vi.fn();
    const store = new OptionStore(handle, { warn, error: vi.fn() });
    await store.load();
    expect(store.get('PreConsumedQuota')).toBe('lots');
    expect(store.getNumber('PreConsumedQuota')).toBe(500);
    expect(store.getJson('TopupGroupRatio')).toEqual({ default: 1, vip: 1, svip: 1 });
    expect(store.getJson('AutoGroups')).toEqual(['default']);
    expect(store.getJson('AutoGroups')).toEqual(['default']);
    expect(warn).toHaveBeenCalledTimes(2);
  });

  it('parses JSON once per value and shares a frozen result', async () => {
    const store = new OptionStore(handle);
    await store.load();
    await store.set('UserUsableGroups', '{"default":"Default","vip":"VIP"}');
    const first = store.getJson<Record<string, string>>('UserUsableGroups');
    const parse = vi.spyOn(JSON, 'parse');
    try {
      for (let call = 0; call < 5; call += 1) expect(store.getJson('UserUsableGroups')).toBe(first);
      expect(parse).not.toHaveBeenCalled();
    } finally {
      parse.mockRestore();
    }
    expect(Object.isFrozen(first)).toBe(true);
    expect(() => {
      first.extra = 'x';
    }).toThrow(TypeError);
    await store.set('UserUsableGroups', '{"default":"Default"}');
    const second = store.getJson<Record<string, string>>('UserUsableGroups');
    expect(second).not.toBe(first);
    expect(second).toEqual({ default: 'Default' });
  });

  it('notifies subscribers of local writes and of changes seen by a reload', async () => {
    const store = new OptionStore(handle);
    await store.load();
    const other = new OptionStore(secondHandle);
    await other.load();
    const seen: Array<[string, string]> = [];
    const unsubscribe = store.onChange((key, value) => seen.push([key, value]));
    store.onChange(() => {
      throw new Error('a broken listener must not stop the others');
    });
    await store.set('Notice', 'Maintenance tonight');
    expect(seen).toEqual([['Notice', 'Maintenance tonight']]);
    const revision = store.revision;
    await store.set('Notice', 'Maintenance tonight');
    expect(seen).toHaveLength(1);
    expect(store.revision).toBe(revision);

    await other.set('About', 'About text');
    await store.load();
    expect(store.get('About')).toBe('About text');
    expect(seen).toContainEqual(['About', 'About text']);
    const before = seen.length;
    await store.load();
    expect(seen).toHaveLength(before);

    unsubscribe();
    await store.set('Notice', 'Done');
    expect(seen).toHaveLength(before);
  });

  it('converges across instances with startSync', async () => {
    const reader = new OptionStore(secondHandle);
    await reader.load();
    const writer = new OptionStore(handle);
    await writer.load();
    reader.startSync(1);
    try {
      await writer.set('HomePageContent', 'synced home page');
      expect(reader.get('HomePageContent')).not.toBe('synced home page');
      await vi.waitFor(() => expect(reader.get('HomePageContent')).toBe('synced home page'), {
        timeout: 4000,
        interval: 100,
      });
    } finally {
      reader.stop();
    }
  });

  it('restores defaults with reset', async () => {
    const store = new OptionStore(handle);
    await store.load();
    await store.set('ModelRatio', '{"gpt-4o":9}');
    expect(store.getJson('ModelRatio')).toEqual({ 'gpt-4o': 9 });
    await store.reset('ModelRatio');
    expect(store.get('ModelRatio')).toBe(optionDefaults().ModelRatio);
    expect(await storedRow(handle, 'ModelRatio')).toBe(optionDefaults().ModelRatio);
    await expect(store.reset('NoSuchOption')).rejects.toThrow();
  });
});
