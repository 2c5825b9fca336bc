/**
 * Google PaLM 2 channels (type 11) against a fake v1beta2 API (server/src/test-support/fake-vendors/
 * palm-upstream.ts) that checks the key, the prompt shape and the alternation of authors: chat through the
 * official `openai` SDK billed from counted tokens (PaLM reports none), a stream call answered from the
 * JSON reply (PaLM cannot stream), a blocked prompt as a content filter stop, a bad key refused with
 * nothing charged, a Claude-format client, the console's channel test and model list, and the stream
 * decoder's handling of a body that is not a reply.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import {
  FAKE_PALM_FILTER_MARKER,
  FAKE_PALM_KEY,
  FAKE_PALM_TEXT,
  startFakePalm,
} from '../../test-support/fake-vendors/palm-upstream.ts';
import {
  type Charge,
  claudeMessage,
  collectChatStream,
  ratioQuota,
  SYSTEM_AND_TURNS,
  streamedClaudeMessage,
} from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import { adaptorFor } from '../channel-types.ts';

const MODEL = 'chat-bison-001';
const BAD_KEY_MODEL = 'text-bison-001';
const MODEL_RATIO = 0.5;
const COMPLETION_RATIO = 2;
const { fixture } = setUpRelayFixture();
let palm: FakeVendor;
let channelId: number;

/** Checks what a call charged against the tokens its log records (counted, so only known to be > 0). */
function expectCountedBilling({ spent, log }: Charge<unknown>): void {
  const prompt = Number(log.prompt_tokens);
  const completion = Number(log.completion_tokens);
  expect(prompt).toBeGreaterThan(0);
  expect(completion).toBeGreaterThan(0);
  const expected = ratioQuota(prompt, completion, MODEL_RATIO, COMPLETION_RATIO);
  expect(log.quota).toBe(expected);
  expect(spent).toBe(expected);
}

beforeAll(async () => {
  ({ vendor: palm, channelId } = await fixture.addVendorChannel(startFakePalm, {
    type: 11,
    key: FAKE_PALM_KEY,
    models: MODEL,
  }));
  await fixture.addChannel({ type: 11, key: 'AIzaWrongKey', base_url: palm.url, models: BAD_KEY_MODEL });
  await fixture.setModelRatios(
    { [MODEL]: MODEL_RATIO, [BAD_KEY_MODEL]: MODEL_RATIO },
    { [MODEL]: COMPLETION_RATIO },
  );
});

describe('PaLM 2 channels', () => {
  it('answer chat with the system text as context and alternating authors, billed from counted tokens', async () => {
    const charge = await fixture.charged(() =>
      fixture.openai.chat.completions.create({
        model: MODEL,
        messages: SYSTEM_AND_TURNS,
        temperature: 1.5,
        top_p: 0.9,
      }),
    );
    const { result: reply, log } = charge;
    expect(reply.choices[0]?.message.content).toBe(FAKE_PALM_TEXT);
    expect(reply.choices[0]?.finish_reason).toBe('stop');
    const upstream = palm.requests.at(-1)!;
    expect(upstream.method).toBe('POST');
    expect(upstream.path).toBe(`/v1beta2/models/${MODEL}:generateMessage?key=${FAKE_PALM_KEY}`);
    expect(upstream.body).toEqual({
      prompt: {
        context: 'Be brief.',
        messages: [
          { author: '0', content: 'Hi' },
          { author: '1', content: 'Hello' },
          { author: '0', content: 'Who are you?' },
        ],
      },
      temperature: 1,
      topP: 0.9,
      candidateCount: 1,
    });
    expectCountedBilling(charge);
    // No usage from PaLM: the client is shown the counted usage the call is billed by.
    expect(reply.usage).toMatchObject({
      prompt_tokens: log.prompt_tokens,
      completion_tokens: log.completion_tokens,
    });
  });

  it('answer a stream call from the JSON reply as one chunk, billed from counted tokens', async () => {
    const requests = palm.requests.length;
    const charge = await fixture.charged(async () =>
      collectChatStream(
        await fixture.openai.chat.completions.create({
          model: MODEL,
          messages: [{ role: 'user', content: 'Hi' }],
          stream: true,
          stream_options: { include_usage: true },
        }),
      ),
    );
    const { text, finish, usage } = charge.result;
    const { log } = charge;
    expect(text).toBe(FAKE_PALM_TEXT);
    expect(finish).toBe('stop');
    expect(palm.requests.length).toBe(requests + 1);
    const upstream = palm.requests.at(-1)!;
    expect(upstream.path).toMatch(/:generateMessage\?key=/);
    expect(upstream.body).toEqual({
      prompt: { messages: [{ author: '0', content: 'Hi' }] },
      candidateCount: 1,
    });
    expectCountedBilling(charge);
    expect(log.is_stream).toBeTruthy();
    expect(usage).toMatchObject({
      prompt_tokens: log.prompt_tokens,
      completion_tokens: log.completion_tokens,
    });
  });

  it('stop with content_filter and no text when PaLM blocks the prompt, stream and not', async () => {
    const messages = [{ role: 'user' as const, content: `Tell me about ${FAKE_PALM_FILTER_MARKER}` }];
    const reply = await fixture.openai.chat.completions.create({ model: MODEL, messages });
    expect(reply.choices[0]?.finish_reason).toBe('content_filter');
    expect(reply.choices[0]?.message.content ?? '').toBe('');

    const { text, finish } = await collectChatStream(
      await fixture.openai.chat.completions.create({ model: MODEL, messages, stream: true }),
    );
    expect(text).toBe('');
    expect(finish).toBe('content_filter');
  });

  it('report a refused key as a failure without the key, stream and not, and charge nothing', async () => {
    for (const stream of [false, true]) {
      const { failure, spent } = await fixture.chargedFailure(() =>
        fixture.openai.chat.completions.create({
          model: BAD_KEY_MODEL,
          messages: [{ role: 'user', content: 'Hi' }],
          stream,
        }),
      );
      expect(failure.status).toBeGreaterThanOrEqual(400);
      expect(failure.message).toContain('API key not valid');
      expect(failure.message).not.toContain('AIzaWrongKey');
      expect(spent).toBe(0);
    }
    expect(palm.requests.at(-1)!.path).toContain('key=AIzaWrongKey');
  });

  it('serve a Claude-format client, stream and not', async () => {
    const anthropic = fixture.anthropic();
    const charge = await fixture.charged(() =>
      claudeMessage(anthropic, MODEL, 'Hello?', 'Answer in English.'),
    );
    const message = charge.result;
    expect(message.content[0]).toMatchObject({ type: 'text', text: FAKE_PALM_TEXT });
    expect(message.stop_reason).toBe('end_turn');
    expect(palm.requests.at(-1)!.body).toMatchObject({
      prompt: { context: 'Answer in English.', messages: [{ author: '0', content: 'Hello?' }] },
    });
    expectCountedBilling(charge);

    const streamed = await fixture.charged(() => streamedClaudeMessage(anthropic, MODEL, 'Hello?'));
    expect(streamed.result.content[0]).toMatchObject({ type: 'text', text: FAKE_PALM_TEXT });
    expect(streamed.result.stop_reason).toBe('end_turn');
    expectCountedBilling(streamed);
  });

  it('pass the console’s channel test and list the models without the models/ prefix', async () => {
    const tested = await fixture.root.get<unknown>(`/api/channel/test/${channelId}`);
    expect(tested.body).toMatchObject({ success: true });
    expect(palm.requests.at(-1)!.path).toBe(`/v1beta2/models/${MODEL}:generateMessage?key=${FAKE_PALM_KEY}`);
    const models = await fixture.root.get<string[]>(`/api/channel/fetch_models/${channelId}`);
    expect(models.body.data).toEqual(['chat-bison-001', 'embedding-gecko-001', 'text-bison-001']);
  });
});

describe('the PaLM stream decoder', () => {
  const decoder = () => adaptorFor(11)!.dialect!.streamDecoder();

  it('turns an error body or a body that is not JSON into an error event, not an empty success', () => {
    const error = decoder().push({
      data: JSON.stringify({ error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' } }),
    });
    expect(error).toEqual([{ type: 'error', message: expect.stringContaining('Quota exceeded') }]);
    expect(decoder().push({ data: '<html>Bad gateway</html>' })).toEqual([
      { type: 'error', message: expect.stringContaining('not JSON') },
    ]);
    expect(decoder().push({ data: '{}' })).toEqual([
      { type: 'error', message: expect.stringContaining('neither candidates nor filters') },
    ]);
    expect(decoder().end()).toEqual([{ type: 'error', message: 'the upstream reply was empty' }]);
  });
});
