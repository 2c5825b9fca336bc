/**
 * Channel types whose provider serves the OpenAI API under its own paths (docs/providers.md): each
 * reaches its documented path with its key as a Bearer token, through the official openai SDK (rerank
 * over plain HTTP), and is billed; a Cloudflare channel without an account id in `other` is refused.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_REPLY_TEXT } from '../../test-support/fake-upstream/behavior.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const { fixture } = setUpRelayFixture();

// type, `other`, model, endpoint, the provider's path
const CASES = [
  [17, '', 'qwen-plus', 'chat', '/compatible-mode/v1/chat/completions'],
  [17, '', 'text-embedding-v3', 'embeddings', '/compatible-mode/v1/embeddings'],
  [26, '', 'glm-4-plus', 'chat', '/api/paas/v4/chat/completions'],
  [26, '', 'embedding-3', 'embeddings', '/api/paas/v4/embeddings'],
  [34, '', 'command-r-plus', 'chat', '/compatibility/v1/chat/completions'],
  [34, '', 'rerank-v3.5', 'rerank', '/v2/rerank'],
  [35, '', 'abab6.5s-chat', 'chat', '/v1/text/chatcompletion_v2'],
  [38, '', 'jina-embeddings-v3', 'embeddings', '/v1/embeddings'],
  [38, '', 'jina-reranker-v2-base-multilingual', 'rerank', '/v1/rerank'],
  [
    39,
    'acct-0123',
    '@cf/meta/llama-3.1-8b-instruct',
    'chat',
    '/client/v4/accounts/acct-0123/ai/v1/chat/completions',
  ],
  [45, '', 'doubao-1.5-pro-32k', 'chat', '/api/v3/chat/completions'],
  [45, '', 'bot-20250101-abcde', 'chat', '/api/v3/bots/chat/completions'],
  [46, '', 'ernie-4.0-8k', 'chat', '/v2/chat/completions'],
] as const;

beforeAll(async () => {
  const ratios = fixture.server.context.options.getJson<Record<string, number>>('ModelRatio');
  await fixture.setOption(
    'ModelRatio',
    JSON.stringify({
      ...ratios,
      ...Object.fromEntries(CASES.map(([, , model]) => [model, 1])),
      '@cf/other': 1,
    }),
  );
  for (const [type, other, model] of CASES) {
    await fixture.addChannel({ type, other, key: `key-${type}-${model}`, models: model });
  }
});

describe('OpenAI-compatible providers under their own paths', () => {
  it.each(CASES)('type %i %s: %s %s → %s', async (type, _other, model, endpoint, path) => {
    const before = await fixture.userQuota();
    if (endpoint === 'chat') {
      const reply = await fixture.openai.chat.completions.create({
        model,
        messages: [{ role: 'user', content: 'Hi' }],
      });
      expect(reply.choices[0]?.message.content).toBe(DEFAULT_REPLY_TEXT);
    } else if (endpoint === 'embeddings') {
      const reply = await fixture.openai.embeddings.create({ model, input: 'Hi' });
      expect(reply.data).toHaveLength(1);
    } else {
      const response = await fetch(`${fixture.server.url}/v1/rerank`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${fixture.token.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({ model, query: 'q', documents: ['a', 'b'] }),
      });
      expect(response.status).toBe(200);
    }
    const upstream = fixture.upstream.requests.at(-1)!;
    expect(upstream.path).toBe(path);
    expect(upstream.apiKey).toBe(`key-${type}-${model}`);
    expect(await fixture.userQuota()).toBeLessThan(before);
  });

  it('refuses a Cloudflare channel without an account id, at creation and at edit', async () => {
    const created = await fixture.root.post<unknown>('/api/channel/', {
      type: 39,
      name: 'cf-no-account',
      key: 'cf-key',
      models: '@cf/other',
      group: 'default',
    });
    expect(created.body.success).toBe(false);
    expect(created.body.message).toMatch(/39/);
    const id = await fixture.addChannel({ type: 39, other: 'acct-1', key: 'cf-key', models: '@cf/other' });
    const edited = await fixture.root.put<unknown>('/api/channel/', { id, other: '' });
    expect(edited.body.success).toBe(false);
  });
});
