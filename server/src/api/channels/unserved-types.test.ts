/**
 * Channel types without an adaptor (rows a new-api database may hold): refused at creation, refused when
 * enabled (alone or by tag), shown disabled in the console, and never chosen by the relay even when a row
 * says it is enabled — the call goes to a channel that can serve it, with no retry spent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_TEXT } from '../../test-support/fake-upstream/behavior.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import { rewriteAbilities } from './abilities.ts';

const MODEL = 'gpt-4o-mini';

const { fixture } = setUpRelayFixture();
let legacy: number;

beforeAll(async () => {
  await fixture.addChannel({ models: MODEL, priority: 0 });
  const { db } = fixture.server.context.database;
  // A channel of a type this gateway does not serve (57, new-api's ChatGPT subscription accounts,
  // which this gateway refuses: docs/providers/new-api-types.md) as another gateway left it:
  // enabled, higher priority, same model.
  const inserted = await db
    .insertInto('channels')
    .values({
      type: 57,
      name: 'codex',
      key: 'codex-key',
      models: MODEL,
      group: 'default',
      status: 1,
      priority: 10,
      tag: 'legacy',
    })
    .executeTakeFirstOrThrow();
  legacy = Number(inserted.insertId);
  const row = await db.selectFrom('channels').selectAll().where('id', '=', legacy).executeTakeFirstOrThrow();
  await db.transaction().execute((transaction) => rewriteAbilities(transaction, row));
  await fixture.server.context.channelCache.reload();
});

describe('channel types without an adaptor', () => {
  it('are never chosen: every call goes to the channel that serves it', async () => {
    await fixture.setOption('RetryTimes', '0');
    for (let index = 0; index < 5; index += 1) {
      const reply = await fixture.openai.chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(reply.choices[0]?.message.content).toBe(DEFAULT_REPLY_TEXT);
    }
  });

  it('cannot be created, enabled or enabled by tag', async () => {
    const created = await fixture.root.post<unknown>('/api/channel/', {
      type: 57,
      name: 'new-codex',
      key: 'codex-key',
      models: MODEL,
      group: 'default',
    });
    expect(created.body.success).toBe(false);
    expect(created.body.message).toMatch(/57/);
    const enabled = await fixture.root.put<unknown>('/api/channel/', { id: legacy, status: 1 });
    expect(enabled.body.success).toBe(false);
    const byTag = await fixture.root.post<unknown>('/api/channel/tag/enabled', { tag: 'legacy' });
    expect(byTag.body.success).toBe(false);
  });
});
