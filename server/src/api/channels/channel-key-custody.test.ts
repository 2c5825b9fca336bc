/**
 * Channel keys stay with root (docs/decisions/0009-channel-key-custody-and-upstream-connections.md): an
 * administrator cannot point a stored key at an address of their choosing (base URL, proxy, type), and a
 * channel's proxy passes the same address policy as its base URL.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { CreateChannelsResult } from '../../../../common/api/channels.ts';
import { startFakeUpstream } from '../../test-support/fake-upstream/fake-upstream.ts';
import { setUpResource, setUpSite } from '../../test-support/test-site.ts';

const STORED_KEY = 'sk-root-only-stored-key-123456';

describe('channel key custody', () => {
  const {
    server,
    root,
    users: { admin },
  } = setUpSite({ users: { admin: { username: 'custodyadmin', role: 'admin' } } });
  const attacker = setUpResource(startFakeUpstream);
  let channelId: number;

  beforeAll(async () => {
    const created = await root.post<CreateChannelsResult>('/api/channel/', {
      type: 1,
      name: 'guarded',
      key: STORED_KEY,
      base_url: 'http://127.0.0.1:9',
      models: 'gpt-4o-mini',
      group: 'default',
    });
    channelId = created.body.data!.ids[0]!;
  });

  const keySeenByAttacker = () =>
    attacker.requests.some((request) => JSON.stringify(request.headers).includes(STORED_KEY));

  it.each([
    ['the base URL', () => ({ base_url: attacker.url })],
    ['the proxy', () => ({ setting: JSON.stringify({ proxy: attacker.url }) })],
    ['the type', () => ({ type: 43 })],
  ])('refuses an administrator who changes %s without a new key', async (_name, change) => {
    const reply = await admin.put('/api/channel/', { id: channelId, ...change() });
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toMatch(/root/i);
    await admin.get(`/api/channel/test/${channelId}`);
    expect(keySeenByAttacker()).toBe(false);
    const stored = await root.get<{ base_url: string; type: number }>(`/api/channel/${channelId}`);
    expect(stored.body.data).toMatchObject({ base_url: 'http://127.0.0.1:9', type: 1 });
  });

  it('lets an administrator move a channel when they give the new key themselves', async () => {
    const reply = await admin.put('/api/channel/', {
      id: channelId,
      base_url: attacker.url,
      key: 'sk-admins-own-key-000000',
    });
    expect(reply.body.success).toBe(true);
    await admin.get(`/api/channel/test/${channelId}`);
    expect(keySeenByAttacker()).toBe(false);
    expect(attacker.requests.at(-1)?.apiKey).toBe('sk-admins-own-key-000000');
  });

  it('lets an administrator edit other fields, and root change anything', async () => {
    expect(
      (await admin.put('/api/channel/', { id: channelId, priority: 3, name: 'renamed' })).body.success,
    ).toBe(true);
    const moved = await root.put('/api/channel/', {
      id: channelId,
      base_url: 'http://127.0.0.1:10',
      type: 43,
    });
    expect(moved.body.success).toBe(true);
  });

  it.each([
    ['the cloud metadata address', 'http://169.254.169.254:80', /not allowed/],
    ['the metadata address spelled as a number in a SOCKS URL', 'socks5://2852039166:1080', /not allowed/],
    ['the metadata address spelled in hex in a SOCKS URL', 'socks://0xa9fea9fe:1080', /not allowed/],
    ['an unsupported scheme', 'ftp://127.0.0.1:21', /http:\/\/, https:\/\/ or socks5/],
    ['a SOCKS4 proxy', 'socks4://127.0.0.1:1080', /http:\/\/, https:\/\/ or socks5/],
    ['a malformed URL', 'not a url', /http:\/\/, https:\/\/ or socks5/],
  ])('refuses %s as a proxy, even for root', async (_name, proxy, message) => {
    const reply = await root.put('/api/channel/', { id: channelId, setting: JSON.stringify({ proxy }) });
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toMatch(message);
  });

  it('accepts a SOCKS5 proxy on a loopback address under the default policy', async () => {
    const reply = await root.put('/api/channel/', {
      id: channelId,
      setting: JSON.stringify({ proxy: 'socks5://127.0.0.1:1080' }),
    });
    expect(reply.body.success).toBe(true);
  });

  it('takes a stored base URL ending in "/" sent back unchanged as no change', async () => {
    const legacy = await root.post<{ ids: number[] }>('/api/channel/', {
      type: 1,
      name: 'legacy',
      key: STORED_KEY,
      base_url: 'http://127.0.0.1:9',
      models: 'gpt-4o-mini',
    });
    const id = legacy.body.data!.ids[0]!;
    // Rows written before base URLs were normalized (or by new-api) may keep the slash.
    await server.context.database.db
      .updateTable('channels')
      .set({ base_url: 'http://127.0.0.1:9/' })
      .where('id', '=', id)
      .execute();
    const saved = await admin.put('/api/channel/', { id, base_url: 'http://127.0.0.1:9/', priority: 2 });
    expect(saved.body.success).toBe(true);
  });

  it('never sends the stored key elsewhere through tag edits, model lists, balances or tests', async () => {
    const created = await root.post<{ ids: number[] }>('/api/channel/', {
      type: 1,
      name: 'tagged',
      key: STORED_KEY,
      base_url: 'http://127.0.0.1:9',
      models: 'gpt-4o-mini',
      tag: 'custody-tag',
    });
    const id = created.body.data!.ids[0]!;
    // Tag edits carry no address fields: these are dropped, the priority is applied.
    const tagEdit = await admin.put('/api/channel/tag', {
      tag: 'custody-tag',
      priority: 4,
      base_url: attacker.url,
      setting: JSON.stringify({ proxy: attacker.url }),
      type: 43,
    });
    expect(tagEdit.body.success).toBe(true);
    // A typed-in address gets the typed-in key only, never a stored one.
    await admin.post('/api/channel/fetch_models', { id, type: 1, base_url: attacker.url, key: '' });
    await admin.get(`/api/channel/fetch_models/${id}`);
    await admin.get(`/api/channel/update_balance/${id}`);
    await admin.get(`/api/channel/test/${id}?model=${encodeURIComponent(attacker.url)}`);
    expect(keySeenByAttacker()).toBe(false);
    const stored = await root.get<{
      base_url: string;
      type: number;
      setting: string | null;
      priority: number;
    }>(`/api/channel/${id}`);
    expect(stored.body.data).toMatchObject({ base_url: 'http://127.0.0.1:9', type: 1, priority: 4 });
    expect(stored.body.data?.setting ?? '').not.toContain(attacker.url);
  });
});
