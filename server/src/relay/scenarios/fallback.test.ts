/**
 * Fallback chains (docs/reference/routing.md, "Fallback chains"): when every channel of the requested model
 * failed before any output, the group's fallbacks (`traffic_setting.fallback_models`) are tried in order;
 * the served model is priced, the reply names the requested model unless `traffic_setting.fallback_reply_model`
 * is `served`, and the log row says which model served and why. Never after output reached the client,
 * never after a failure the policy returns.
 */
import type OpenAI from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import { failureOf } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import { type ErrorUpstream, startErrorUpstream, vendorErrors } from './test-error-upstream.ts';

describe('relay fallback chains', () => {
  const { fixture } = setUpRelayFixture();
  let errors: ErrorUpstream;
  let primary: number;
  let backup: number;
  beforeAll(async () => {
    errors = fixture.adopt(await startErrorUpstream());
    await fixture.setOption('RetryTimes', '1');
    await fixture.setModelRatios(
      { 'fb-a': 1, 'fb-b': 3, 'fb-stream': 1, 'fb-return': 1 },
      { 'fb-a': 1, 'fb-b': 1, 'fb-stream': 1, 'fb-return': 1 },
    );
    primary = await fixture.addChannel({ key: 'fb-a-key', models: 'fb-a,fb-return', base_url: errors.url });
    errors.script('fb-a-key', { status: 500, body: vendorErrors.openAi('boom', 'server_error', null) });
    // A fallback without a price (the user may not use unpriced models): skipped, its channel never asked.
    await fixture.addChannel({ key: 'fb-unpriced-key', models: 'fb-unpriced' });
    backup = await fixture.addChannel({ key: 'fb-b-key', models: 'fb-b' });
    await fixture.addChannel({ key: 'fb-stream-key', models: 'fb-stream' });
    fixture.upstream.setBehaviorForKey('fb-stream-key', { dropAfterChunks: 1, replyText: 'one two three' });
    await fixture.setOption(
      'traffic_setting.fallback_models',
      JSON.stringify({
        default: { 'fb-a': ['fb-unpriced', 'fb-b'], 'fb-stream': ['fb-b'], 'fb-return': ['fb-b'] },
      }),
    );
  });

  const backupRequests = () => fixture.upstream.requests.filter((request) => request.apiKey === 'fb-b-key');

  const askClaude = (model: string) =>
    fixture
      .anthropic()
      .messages.create({ model, max_tokens: 64, messages: [{ role: 'user', content: 'hi' }] });

  it('serves from the fallback when every channel of the model failed, naming the requested model', async () => {
    const before = backupRequests().length;
    const message = await askClaude('fb-a');
    expect(message.model).toBe('fb-a');
    expect(backupRequests()).toHaveLength(before + 1);
    expect((backupRequests().at(-1)!.body as { model: string }).model).toBe('fb-b');
    expect(fixture.upstream.requests.filter((request) => request.apiKey === 'fb-unpriced-key')).toHaveLength(
      0,
    );
  });

  it('prices the served model and logs the requested one with the fallback and the attempts', async () => {
    await askClaude('fb-a');
    const log = await fixture.lastConsumeLog();
    expect(log.model_name).toBe('fb-a');
    expect(log.channel_id).toBe(backup);
    // fb-b's ratio (3) applies, completion ratio 1, group ratio 1.
    expect(log.quota).toBe((log.prompt_tokens + log.completion_tokens) * 3);
    expect(JSON.parse(log.other!)).toMatchObject({
      fallback: { requested: 'fb-a', served: 'fb-b', reason: 'server_error' },
      attempts: [{ channel_id: primary, model: 'fb-a', status: 500, class: 'server_error' }],
    });
  });

  it('names the served model when the operator chooses so', async () => {
    await fixture.setOption('traffic_setting.fallback_reply_model', 'served');
    try {
      expect((await askClaude('fb-a')).model).toBe('fb-b');
    } finally {
      await fixture.setOption('traffic_setting.fallback_reply_model', 'requested');
    }
  });

  it('skips a fallback the key may not use', async () => {
    const limited = await fixture.addToken({
      name: 'fb-limited',
      model_limits_enabled: true,
      model_limits: 'fb-a',
    });
    const before = backupRequests().length;
    const failure = await failureOf(
      fixture
        .clientFor(`sk-${limited.key}`)
        .chat.completions.create({ model: 'fb-a', messages: [{ role: 'user', content: 'hi' }] }),
    );
    expect(failure.status).toBe(500);
    expect(backupRequests()).toHaveLength(before);
  });

  it('does not fall back after a failure the policy returns (a prompt too long)', async () => {
    errors.script('fb-a-key', {
      status: 400,
      body: vendorErrors.openAi(
        'maximum context length exceeded',
        'invalid_request_error',
        'context_length_exceeded',
      ),
    });
    try {
      const before = backupRequests().length;
      const failure = await failureOf(
        fixture.openai.chat.completions.create({
          model: 'fb-return',
          messages: [{ role: 'user', content: 'hi' }],
        }),
      );
      expect(failure.status).toBe(400);
      expect(backupRequests()).toHaveLength(before);
    } finally {
      errors.script('fb-a-key', { status: 500, body: vendorErrors.openAi('boom', 'server_error', null) });
    }
  });

  it('does not fall back once output reached the client (a stream that broke mid-way)', async () => {
    const before = backupRequests().length;
    const stream = await fixture.openai.chat.completions.create({
      model: 'fb-stream',
      stream: true,
      messages: [{ role: 'user', content: 'hi' }],
    });
    const pieces: string[] = [];
    const reading = (async () => {
      for await (const chunk of stream as AsyncIterable<OpenAI.Chat.Completions.ChatCompletionChunk>)
        pieces.push(chunk.choices[0]?.delta.content ?? '');
    })();
    await reading.catch(() => undefined);
    expect(pieces.join('')).toContain('one');
    expect(backupRequests()).toHaveLength(before);
  });
});
