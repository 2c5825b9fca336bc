/**
 * Channels of the types that need no key (common/channel-types.ts `keyOptionalChannelTypes`: Ollama and
 * Xinference, local servers the relay sends a bearer token only when a key is set) are saved without one,
 * singly or in batch mode; every other type still needs its key, and a channel still needs its name.
 */
import { describe, expect, it } from 'vitest';
import type { ChannelView } from '../../../../common/api/channels.ts';
import { keyOptionalChannelTypes } from '../../../../common/channel-types.ts';
import { openAiCompatibleConfig } from '../../relay/providers/openai-compatible/configs.ts';
import { databaseMatrix } from '../../test-support/databases.ts';
import { setUpSite } from '../../test-support/test-site.ts';

const matrix = await databaseMatrix();

describe('the types whose key is optional', () => {
  it('are those the relay sends no credentials to when the key is empty', () => {
    expect([...keyOptionalChannelTypes].sort((first, second) => first - second)).toEqual([4, 47]);
    for (const type of keyOptionalChannelTypes)
      expect(openAiCompatibleConfig(type)?.auth).toBe('none-if-empty');
  });
});

describe.each(matrix)('channels without a key on $name', (dialect) => {
  const {
    server,
    root,
    users: { admin },
    run,
  } = setUpSite({ dialect, users: { admin: { username: 'keylessadmin', role: 'admin' } } });
  const ollama = { type: 4, name: 'local-ollama', models: 'llama3.2:3b', group: 'default' };

  run('saves an Ollama or Xinference channel with no key, stored as an empty key', async () => {
    for (const fields of [
      ollama,
      { ...ollama, key: '   ', name: 'blank-key-ollama' },
      { type: 47, name: 'xinference', models: 'qwen2.5', base_url: 'http://127.0.0.1:9997' },
    ]) {
      const created = await admin.post<{ ids: number[] }>('/api/channel/', fields);
      expect({ fields, success: created.body.success, message: created.body.message }).toMatchObject({
        success: true,
      });
      const id = created.body.data!.ids[0]!;
      expect((await root.get<ChannelView>(`/api/channel/${id}`)).body.data).toMatchObject({
        type: fields.type,
      });
      const stored = await server.context.database.db
        .selectFrom('channels')
        .select('key')
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      expect(stored.key).toBe('');
    }
  });

  run('creates one keyless channel in batch mode', async () => {
    const created = await admin.post<{ ids: number[] }>('/api/channel/', {
      mode: 'batch',
      channel: { ...ollama, name: 'batch-ollama', key: '\n \n' },
    });
    expect(created.body.success).toBe(true);
    expect(created.body.data?.ids).toHaveLength(1);
  });

  run('still refuses a keyless channel of a type that needs a key, and a nameless one', async () => {
    for (const body of [
      { ...ollama, type: 1 },
      { ...ollama, type: 14 },
      { ...ollama, name: ' ' },
    ]) {
      const reply = await admin.post('/api/channel/', body);
      expect({ body, message: reply.body.message }).toEqual({
        body,
        message: 'Please fill in channel name and channel key!',
      });
    }
  });
});
