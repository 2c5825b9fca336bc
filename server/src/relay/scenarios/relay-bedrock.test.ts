/**
 * AWS Bedrock channels (type 33) against a fake Bedrock runtime that checks SigV4 with AWS's own signer
 * and streams AWS event streams encoded by AWS's own codec (server/src/test-support/fake-vendors/
 * bedrock-upstream.ts): Claude and OpenAI clients, stream and not, usage billed, keys checked at save.
 */
import Anthropic from '@anthropic-ai/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_AWS_KEY,
  FAKE_BEDROCK_API_KEY,
  FAKE_BEDROCK_MODELS,
  startFakeBedrock,
} from '../../test-support/fake-vendors/bedrock-upstream.ts';
import { FAKE_CLAUDE_TEXT, FAKE_CLAUDE_USAGE } from '../../test-support/fake-vendors/claude-upstream.ts';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import { streamedChat } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const MODEL = 'claude-3-5-haiku-20241022';
const PROFILE_MODEL = 'claude-sonnet-4-20250514';

const { fixture } = setUpRelayFixture();
let bedrock: FakeVendor;
let channelId: number;

beforeAll(async () => {
  ({ vendor: bedrock, channelId } = await fixture.addVendorChannel(startFakeBedrock, {
    type: 33,
    key: FAKE_AWS_KEY,
    models: `${MODEL},${PROFILE_MODEL}`,
    model_mapping: JSON.stringify({ [PROFILE_MODEL]: 'us.anthropic.claude-sonnet-4-20250514-v1:0' }),
  }));
});

describe('AWS Bedrock channels', () => {
  it('serve Claude clients with a signed InvokeModel call, billed by the reported usage', async () => {
    const anthropic = new Anthropic({
      apiKey: `sk-${fixture.token.key}`,
      baseURL: fixture.server.url,
      maxRetries: 0,
    });
    const message = await anthropic.messages.create(
      { model: MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] },
      { headers: { 'anthropic-beta': 'token-efficient-tools-2025-02-19' } },
    );
    expect(message.content[0]).toMatchObject({ type: 'text', text: FAKE_CLAUDE_TEXT });
    const upstream = bedrock.requests.at(-1)!;
    expect(upstream.path).toBe('/model/anthropic.claude-3-5-haiku-20241022-v1%3A0/invoke');
    expect(upstream.body.model).toBeUndefined();
    expect(upstream.body.anthropic_beta).toEqual(['token-efficient-tools-2025-02-19']);
    const log = await fixture.lastConsumeLog();
    expect(log.completion_tokens).toBe(FAKE_CLAUDE_USAGE.output_tokens);
  });

  it('turn event streams into Claude and OpenAI streams', async () => {
    const anthropic = new Anthropic({
      apiKey: `sk-${fixture.token.key}`,
      baseURL: fixture.server.url,
      maxRetries: 0,
    });
    const final = await anthropic.messages
      .stream({ model: PROFILE_MODEL, max_tokens: 64, messages: [{ role: 'user', content: 'Hi' }] })
      .finalMessage();
    expect(final.content[0]).toMatchObject({ type: 'text', text: FAKE_CLAUDE_TEXT });
    expect(final.usage.output_tokens).toBe(FAKE_CLAUDE_USAGE.output_tokens);
    expect(bedrock.requests.at(-1)!.path).toBe(
      '/model/us.anthropic.claude-sonnet-4-20250514-v1%3A0/invoke-with-response-stream',
    );

    const { text, usage } = await streamedChat(fixture.openai, MODEL);
    expect(text).toBe(FAKE_CLAUDE_TEXT);
    expect(usage?.completion_tokens).toBe(FAKE_CLAUDE_USAGE.output_tokens);
    const log = await fixture.lastConsumeLog();
    expect(log.completion_tokens).toBe(FAKE_CLAUDE_USAGE.output_tokens);
  });

  it('authenticate with a Bedrock API key (APIKey|Region) too', async () => {
    const apiKeyChannel = await fixture.addChannel({
      type: 33,
      key: `${FAKE_BEDROCK_API_KEY}|us-east-1`,
      base_url: bedrock.url,
      models: 'claude-3-7-sonnet-20250219',
    });
    const reply = await fixture.openai.chat.completions.create({
      model: 'claude-3-7-sonnet-20250219',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(reply.choices[0]?.message.content).toBe(FAKE_CLAUDE_TEXT);
    const upstream = bedrock.requests.at(-1)!;
    expect(upstream.headers.authorization).toBe(`Bearer ${FAKE_BEDROCK_API_KEY}`);
    // Models from 2025-02-19 on are reached through the region's inference profile.
    expect(upstream.path).toBe('/model/us.anthropic.claude-3-7-sonnet-20250219-v1%3A0/invoke');
    await fixture.root.delete(`/api/channel/${apiKeyChannel}`);
  });

  it('pass the console channel test and list their models from the console', async () => {
    const tested = await fixture.root.get<unknown>(`/api/channel/test/${channelId}`);
    expect(tested.body.success).toBe(true);
    const models = await fixture.root.get<string[]>(`/api/channel/fetch_models/${channelId}`);
    expect(models.body, JSON.stringify(models.body)).toMatchObject({ data: FAKE_BEDROCK_MODELS });
  });

  it("report a wrong secret as the upstream's refusal, and refuse malformed keys at save", async () => {
    const wrong = await fixture.addChannel({
      type: 33,
      key: FAKE_AWS_KEY.replace('fake/secret', 'other/secret'),
      base_url: bedrock.url,
      models: 'claude-3-haiku-20240307',
    });
    const failure = await fixture.openai.chat.completions
      .create({ model: 'claude-3-haiku-20240307', messages: [{ role: 'user', content: 'Hi' }] })
      .catch((error: unknown) => error as Error);
    expect(String(failure)).toMatch(/signature/);
    expect(String(failure)).not.toContain('other/secret');
    await fixture.root.delete(`/api/channel/${wrong}`);
    for (const key of ['AK|SK', 'AK|SK|not a region', '|SK|us-east-1']) {
      const reply = await fixture.root.post<unknown>('/api/channel/', {
        type: 33,
        name: 'bad-aws',
        key,
        models: MODEL,
        group: 'default',
      });
      expect(reply.body.success, key).toBe(false);
    }
  });
});
