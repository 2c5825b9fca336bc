/**
 * Vertex AI channels (type 41) against a fake Vertex AI (server/src/test-support/fake-vendors/
 * vertex-upstream.ts) that checks the signed service-account JWT: Gemini models in Gemini's format and
 * Claude models in Claude's (rawPredict), regions per model, one token exchange for many calls, and a
 * key that is not a service-account key refused at save.
 */
import Anthropic from '@anthropic-ai/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { FAKE_CLAUDE_TEXT, FAKE_CLAUDE_USAGE } from '../../test-support/fake-vendors/claude-upstream.ts';
import { FAKE_GEMINI_TEXT, FAKE_GEMINI_USAGE } from '../../test-support/fake-vendors/gemini-upstream.ts';
import {
  FAKE_VERTEX_MODELS,
  type FakeVertex,
  startFakeVertex,
} from '../../test-support/fake-vendors/vertex-upstream.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const GEMINI_MODEL = 'gemini-2.5-flash';
const CLAUDE_MODEL = 'claude-sonnet-4-20250514';

const { fixture } = setUpRelayFixture();
let vertex: FakeVertex;
let channelId: number;

beforeAll(async () => {
  ({ vendor: vertex, channelId } = await fixture.addVendorChannel(startFakeVertex, (vendor) => ({
    type: 41,
    key: vendor.serviceAccountKey,
    other: JSON.stringify({ default: 'us-central1', [CLAUDE_MODEL]: 'us-east5' }),
    models: `${GEMINI_MODEL},${CLAUDE_MODEL}`,
  })));
});

describe('Vertex AI channels', () => {
  it('serve Gemini models in Gemini format with a service-account token, stream and not', async () => {
    const reply = await fixture.openai.chat.completions.create({
      model: GEMINI_MODEL,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(reply.choices[0]?.message.content).toBe(FAKE_GEMINI_TEXT);
    const upstream = vertex.requests.at(-1)!;
    expect(upstream.path).toBe(
      `/v1/projects/switchyard-test/locations/us-central1/publishers/google/models/${GEMINI_MODEL}:generateContent`,
    );
    expect(upstream.headers.authorization).toBe('Bearer ya29.fake-1');
    const log = await fixture.lastConsumeLog();
    expect(log.prompt_tokens).toBe(FAKE_GEMINI_USAGE.promptTokenCount);

    const stream = await fixture.openai.chat.completions.create({
      model: GEMINI_MODEL,
      messages: [{ role: 'user', content: 'Hi' }],
      stream: true,
    });
    let text = '';
    for await (const chunk of stream) text += chunk.choices[0]?.delta.content ?? '';
    expect(text).toBe(FAKE_GEMINI_TEXT);
    expect(vertex.requests.at(-1)!.path).toMatch(/:streamGenerateContent\?alt=sse$/);
  });

  it("serve Claude models through rawPredict in the model's region, with Vertex's model name", async () => {
    const anthropic = new Anthropic({
      apiKey: `sk-${fixture.token.key}`,
      baseURL: fixture.server.url,
      maxRetries: 0,
    });
    const message = await anthropic.messages.create({
      model: CLAUDE_MODEL,
      max_tokens: 64,
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(message.content[0]).toMatchObject({ type: 'text', text: FAKE_CLAUDE_TEXT });
    const upstream = vertex.requests.at(-1)!;
    expect(upstream.path).toBe(
      '/v1/projects/switchyard-test/locations/us-east5/publishers/anthropic/models/claude-sonnet-4@20250514:rawPredict',
    );
    expect(upstream.body.model).toBeUndefined();
    expect(upstream.body.anthropic_version).toBe('vertex-2023-10-16');
    expect((await fixture.lastConsumeLog()).completion_tokens).toBe(FAKE_CLAUDE_USAGE.output_tokens);

    const final = await anthropic.messages
      .stream({ model: CLAUDE_MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] })
      .finalMessage();
    expect(final.content[0]).toMatchObject({ type: 'text', text: FAKE_CLAUDE_TEXT });
    expect(vertex.requests.at(-1)!.path).toMatch(/:streamRawPredict$/);
  });

  it('exchange the key for a token once and reuse it; the console test and model list work', async () => {
    const tested = await fixture.root.get<unknown>(`/api/channel/test/${channelId}`);
    expect(tested.body.success).toBe(true);
    const models = await fixture.root.get<string[]>(`/api/channel/fetch_models/${channelId}`);
    expect(models.body.data).toEqual(FAKE_VERTEX_MODELS);
    expect(vertex.issued).toEqual(['ya29.fake-1']);
  });

  it('refuse a key that is not a service-account JSON key, or a region that is not one, saving nothing', async () => {
    const before = await fixture.root.get<{ total: number }>('/api/channel/?p=1&page_size=100');
    for (const key of ['not-json', '{"project_id": "p"}']) {
      const reply = await fixture.root.post<unknown>('/api/channel/', {
        type: 41,
        name: 'bad-vertex',
        key,
        models: GEMINI_MODEL,
        group: 'default',
      });
      expect(reply.body.success).toBe(false);
      expect(reply.body.message).toMatch(/key|密钥/);
    }
    const badRegion = await fixture.root.post<unknown>('/api/channel/', {
      type: 41,
      name: 'bad-region',
      key: vertex.serviceAccountKey,
      other: 'evil.example/x#',
      models: GEMINI_MODEL,
      group: 'default',
    });
    expect(badRegion.body.success).toBe(false);
    expect(badRegion.body.message).toMatch(/region/);
    const after = await fixture.root.get<{ total: number }>('/api/channel/?p=1&page_size=100');
    expect(after.body.data?.total).toBe(before.body.data?.total);
  });
});
