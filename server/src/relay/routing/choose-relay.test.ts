/**
 * The chooser on real relay calls: a channel whose type does not serve the call's route (an embeddings-only
 * Jina channel, a chat-only MiniMax channel, a Midjourney task channel) is never chosen, however high its
 * priority, so no attempt is spent on it; an administrator's pin on such a channel is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_TEXT } from '../../test-support/fake-upstream/behavior.ts';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const CHAT_MODEL = 'gpt-4o-mini';
const EMBEDDING_MODEL = 'text-embedding-3-small';

describe('channels chosen by what their type serves', () => {
  const { fixture } = setUpRelayFixture();
  const channels: Record<string, number> = {};

  beforeAll(async () => {
    await fixture.setOption('RetryTimes', '0');
    const models = `${CHAT_MODEL},${EMBEDDING_MODEL}`;
    channels.openai = await fixture.addChannel({ key: 'openai-key', models, priority: 0 });
    // Higher priorities: each would be tried first if its type were not asked.
    channels.jina = await fixture.addChannel({ type: 38, key: 'jina-key', models, priority: 10 });
    channels.minimax = await fixture.addChannel({ type: 35, key: 'minimax-key', models, priority: 20 });
    channels.midjourney = await fixture.addChannel({ type: 2, key: 'mj-key', models, priority: 30 });
  });

  const keysAsked = () => fixture.upstream.requests.map((request) => request.apiKey);

  it('sends chat to the first channel whose type serves chat', async () => {
    const before = keysAsked().length;
    const reply = await fixture.openai.chat.completions.create({
      model: CHAT_MODEL,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(reply.choices[0]?.message.content).toBe(DEFAULT_REPLY_TEXT);
    expect(keysAsked().slice(before)).toEqual(['minimax-key']);
    const log = await fixture.lastConsumeLog();
    expect(log.channel_id).toBe(channels.minimax);
    expect(JSON.parse(log.other!).admin_info.use_channel).toEqual([channels.minimax]);
  });

  it('sends embeddings to the first channel whose type serves embeddings', async () => {
    const before = keysAsked().length;
    const reply = await fixture.openai.embeddings.create({ model: EMBEDDING_MODEL, input: 'hello' });
    expect(reply.data).toHaveLength(1);
    expect(keysAsked().slice(before)).toEqual(['jina-key']);
    expect((await fixture.lastConsumeLog()).channel_id).toBe(channels.jina);
  });

  it('refuses an administrator pin on a channel whose type does not serve the route', async () => {
    await fixture.root.post('/api/user/manage', { id: fixture.userId, action: 'promote' });
    try {
      const before = keysAsked().length;
      const failure = await failureOf(
        fixture
          .clientFor(`sk-${fixture.token.key}-${channels.jina}`)
          .chat.completions.create({ model: CHAT_MODEL, messages: [{ role: 'user', content: 'Hi' }] }),
      );
      expect(failure.status).toBe(502);
      expect(failure.code).toBe('channel_misconfigured');
      expect(failure.message).toMatch(new RegExp(`channel #${channels.jina} cannot serve chat requests`));
      expect(keysAsked().length).toBe(before);
      const pinned = await fixture
        .clientFor(`sk-${fixture.token.key}-${channels.jina}`)
        .embeddings.create({ model: EMBEDDING_MODEL, input: 'hello' });
      expect(pinned.data).toHaveLength(1);
    } finally {
      await fixture.root.post('/api/user/manage', { id: fixture.userId, action: 'demote' });
    }
  });
});
