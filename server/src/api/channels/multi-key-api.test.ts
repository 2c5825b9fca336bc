/**
 * Multi-key channels and header overrides through the console API (./multi-keys.ts, ./normalize.ts):
 * creating one of key lines, each key's status for the console (never a key for a non-root
 * administrator), enabling keys again, appending keys, and the header overrides refused at save.
 */
import { describe, expect, it } from 'vitest';
import type {
  ChannelKeyStatusPage,
  ChannelView,
  CreateChannelsResult,
} from '../../../../common/api/channels.ts';
import { setUpSite } from '../../test-support/test-site.ts';

describe('multi-key channels in the console API', () => {
  const {
    server,
    root,
    users: { admin },
  } = setUpSite({ users: { admin: { username: 'multikeyadmin', role: 'admin' } } });

  async function createMultiKey(keys: string, mode: 'random' | 'polling') {
    const reply = await root.post<CreateChannelsResult>('/api/channel/', {
      mode: 'multi_to_single',
      multi_key_mode: mode,
      channel: { type: 1, name: 'many keys', key: keys, models: 'gpt-4o-mini', group: 'default' },
    });
    expect(reply.body.success).toBe(true);
    return reply.body.data!.ids[0]!;
  }

  const storedRow = (id: number) =>
    server.context.database.db
      .selectFrom('channels')
      .select(['key', 'channel_info', 'status'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();

  it('creates one channel of the key lines, with new-api’s channel_info', async () => {
    const id = await createMultiKey('sk-line-one-secret\n\n  sk-line-two-secret \n', 'polling');
    const row = await storedRow(id);
    expect(row.key).toBe('sk-line-one-secret\nsk-line-two-secret');
    expect(JSON.parse(row.channel_info ?? '{}')).toEqual({
      is_multi_key: true,
      multi_key_size: 2,
      multi_key_status_list: {},
      multi_key_polling_index: 0,
      multi_key_mode: 'polling',
    });
    const seen = await admin.get<ChannelView>(`/api/channel/${id}`);
    expect(seen.body.data?.channel_info).toMatchObject({ is_multi_key: true, multi_key_size: 2 });
    expect(JSON.stringify(seen.body)).not.toContain('sk-line');
  });

  it('shows each key’s status and reason, and enables keys again', async () => {
    const id = await createMultiKey('sk-status-aaaaaaaa\nsk-status-bbbbbbbb\nsk-status-cccccccc', 'random');
    await server.context.database.db
      .updateTable('channels')
      .set({
        channel_info: JSON.stringify({
          is_multi_key: true,
          multi_key_size: 3,
          multi_key_mode: 'random',
          multi_key_status_list: { 1: 3, 2: 2 },
          multi_key_disabled_reason: { 1: 'status 401: Incorrect API key provided' },
          multi_key_disabled_time: { 1: 1_700_000_000, 2: 1_700_000_100 },
        }),
      })
      .where('id', '=', id)
      .execute();
    const manage = (client: typeof root, body: Record<string, unknown>) =>
      client.post<ChannelKeyStatusPage>('/api/channel/multi_key/manage', { channel_id: id, ...body });
    const page = (await manage(admin, { action: 'get_key_status' })).body.data!;
    expect(page).toMatchObject({
      total: 3,
      enabled_count: 1,
      auto_disabled_count: 1,
      manual_disabled_count: 1,
    });
    expect(page.keys).toEqual([
      { index: 0, status: 1, key_preview: '' },
      {
        index: 1,
        status: 3,
        key_preview: '',
        reason: 'status 401: Incorrect API key provided',
        disabled_time: 1_700_000_000,
      },
      { index: 2, status: 2, key_preview: '', disabled_time: 1_700_000_100 },
    ]);
    const asRoot = (await manage(root, { action: 'get_key_status', status: 3 })).body.data!;
    expect(asRoot.keys.map((key) => key.key_preview)).toEqual(['sk-status-...']);

    const enabled = await manage(admin, { action: 'enable_key', key_index: 1 });
    expect(enabled.body).toMatchObject({ success: true, message: '1 key(s) enabled' });
    expect(JSON.parse((await storedRow(id)).channel_info ?? '{}').multi_key_status_list).toEqual({ 2: 2 });
    await manage(admin, { action: 'enable_all_keys' });
    expect(JSON.parse((await storedRow(id)).channel_info ?? '{}').multi_key_status_list).toEqual({});
    const outOfRange = await manage(admin, { action: 'enable_key', key_index: 3 });
    expect(outOfRange.body).toMatchObject({ success: false, message: 'The key index is out of range' });
    const unknown = await manage(admin, { action: 'delete_everything' });
    expect(unknown.body.success).toBe(false);
  });

  it('deletes keys as root, moving the statuses of the keys after them', async () => {
    const id = await createMultiKey('sk-del-a\nsk-del-b\nsk-del-c\nsk-del-d', 'polling');
    await server.context.database.db
      .updateTable('channels')
      .set({
        channel_info: JSON.stringify({
          is_multi_key: true,
          multi_key_size: 4,
          multi_key_mode: 'polling',
          multi_key_status_list: { 1: 3, 3: 2 },
          multi_key_disabled_reason: { 1: 'status 401: dead' },
          multi_key_disabled_time: { 1: 1_700_000_000, 3: 1_700_000_100 },
        }),
      })
      .where('id', '=', id)
      .execute();
    const manage = (client: typeof root, body: Record<string, unknown>) =>
      client.post('/api/channel/multi_key/manage', { channel_id: id, ...body });
    const byAdmin = await manage(admin, { action: 'delete_disabled_keys' });
    expect(byAdmin.body).toMatchObject({ success: false, message: 'Only the root user can delete keys' });
    expect((await manage(root, { action: 'delete_disabled_keys' })).body).toMatchObject({
      success: true,
      message: '1 key(s) deleted',
    });
    let row = await storedRow(id);
    expect(row.key).toBe('sk-del-a\nsk-del-c\nsk-del-d');
    expect(JSON.parse(row.channel_info ?? '{}')).toMatchObject({
      multi_key_size: 3,
      multi_key_status_list: { 2: 2 },
      multi_key_disabled_time: { 2: 1_700_000_100 },
    });
    await manage(root, { action: 'delete_key', key_index: 0 });
    row = await storedRow(id);
    expect(row.key).toBe('sk-del-c\nsk-del-d');
    expect(JSON.parse(row.channel_info ?? '{}').multi_key_status_list).toEqual({ 1: 2 });
    await manage(root, { action: 'delete_key', key_index: 0 });
    const last = await manage(root, { action: 'delete_key', key_index: 0 });
    expect(last.body).toMatchObject({ success: false, message: 'The last key cannot be deleted' });
  });

  it('appends keys and changes the mode on update', async () => {
    const id = await createMultiKey('sk-append-one', 'random');
    const reply = await root.put('/api/channel/', {
      id,
      key: 'sk-append-two\nsk-append-one',
      key_mode: 'append',
      multi_key_mode: 'polling',
    });
    expect(reply.body.success).toBe(true);
    const row = await storedRow(id);
    expect(row.key).toBe('sk-append-one\nsk-append-two');
    expect(JSON.parse(row.channel_info ?? '{}')).toMatchObject({
      multi_key_size: 2,
      multi_key_mode: 'polling',
    });
  });

  it('refuses an administrator who sends the stored keys elsewhere while appending one', async () => {
    const id = await createMultiKey('sk-custody-one', 'random');
    const reply = await admin.put('/api/channel/', {
      id,
      base_url: 'http://127.0.0.1:9',
      key: 'sk-custody-two',
      key_mode: 'append',
    });
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toMatch(/root/i);
    expect((await storedRow(id)).key).toBe('sk-custody-one');
  });

  it('refuses a channel that is not multi-key', async () => {
    const created = await root.post<CreateChannelsResult>('/api/channel/', {
      type: 1,
      name: 'one key',
      key: 'sk-single',
      models: 'gpt-4o-mini',
    });
    const reply = await admin.post('/api/channel/multi_key/manage', {
      channel_id: created.body.data!.ids[0],
      action: 'get_key_status',
    });
    expect(reply.body).toMatchObject({ success: false, message: 'This channel is not in multi-key mode' });
  });
});

describe('header_override at save', () => {
  const { root } = setUpSite();
  const save = (headerOverride: string) =>
    root.post<CreateChannelsResult>('/api/channel/', {
      type: 1,
      name: 'headers',
      key: 'sk-headers',
      models: 'gpt-4o-mini',
      header_override: headerOverride,
    });

  it.each([
    ['Host', '{"Host":"evil.example"}', /Host/],
    ['content-length', '{"content-length":"0"}', /content-length/],
    ['Transfer-Encoding', '{"Transfer-Encoding":"chunked"}', /Transfer-Encoding/],
    ['Connection', '{"Connection":"close"}', /Connection/],
    ['a number value', '{"X-Retries":3}', /X-Retries/],
    ['an array', '["X-Team"]', /JSON/],
    ['text that is not JSON', '{"X-Team":', /JSON/],
    ['a pass-through rule', '{"*":""}', /\*/],
  ])('refuses %s with a message', async (_name, text, message) => {
    const reply = await save(text);
    expect(reply.body.success).toBe(false);
    expect(reply.body.message).toMatch(message);
  });

  it('keeps a valid override and shows it back', async () => {
    const reply = await save('{"X-Team":"blue","Authorization":"Bearer {api_key}"}');
    expect(reply.body.success).toBe(true);
    const view = await root.get<ChannelView>(`/api/channel/${reply.body.data!.ids[0]}`);
    expect(view.body.data?.header_override).toBe('{"X-Team":"blue","Authorization":"Bearer {api_key}"}');
  });
});
