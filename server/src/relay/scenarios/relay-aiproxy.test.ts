/**
 * AI Proxy channels (type 21) with a knowledge-base ID in `other`: chat goes to the library API
 * (server/src/test-support/fake-vendors/aiproxy-upstream.ts) with the last user turn as the query, the
 * cited documents appended, stream and not, billed from counted tokens; an unknown library (an error with
 * HTTP 200) fails and charges nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_AIPROXY_KEY,
  FAKE_LIBRARY_ID,
  FAKE_LIBRARY_PIECES,
  startFakeAiProxy,
} from '../../test-support/fake-vendors/aiproxy-upstream.ts';
import type { FakeVendor } from '../../test-support/fake-vendors/http.ts';
import { collectChatStream } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const MODEL = 'panda-library';
const ANSWER = `${FAKE_LIBRARY_PIECES.join('')}\n\n参考文档：\n1. [Panda facts](https://example.com/panda)\n`;
const { fixture } = setUpRelayFixture();
let aiproxy: FakeVendor;

beforeAll(async () => {
  ({ vendor: aiproxy } = await fixture.addVendorChannel(startFakeAiProxy, {
    type: 21,
    key: FAKE_AIPROXY_KEY,
    other: FAKE_LIBRARY_ID,
    models: MODEL,
  }));
  await fixture.addChannel({
    type: 21,
    key: FAKE_AIPROXY_KEY,
    base_url: aiproxy.url,
    other: 'lib-unknown',
    models: 'lib-missing',
  });
  await fixture.setModelRatios({ [MODEL]: 0.75, 'lib-missing': 0.75 });
});

describe('AI Proxy knowledge-base channels', () => {
  it('ask the library with the last user turn and append the cited documents', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      fixture.openai.chat.completions.create({
        model: MODEL,
        messages: [
          { role: 'user', content: 'Hello' },
          { role: 'assistant', content: 'Hi' },
          { role: 'user', content: 'What do pandas eat?' },
        ],
      }),
    );
    expect(result.choices[0]?.message.content).toBe(ANSWER);
    expect(aiproxy.requests.at(-1)!.body).toEqual({
      model: MODEL,
      query: 'What do pandas eat?',
      stream: false,
      libraryId: FAKE_LIBRARY_ID,
    });
    expect(Number(log.prompt_tokens)).toBeGreaterThan(0);
    expect(Number(log.completion_tokens)).toBeGreaterThan(0);
    const expected = Math.round((Number(log.prompt_tokens) + Number(log.completion_tokens)) * 0.75);
    expect(log.quota).toBe(expected);
    expect(spent).toBe(expected);
  });

  it('stream the pieces and the documents at the end', async () => {
    const { text } = await collectChatStream(
      await fixture.openai.chat.completions.create({
        model: MODEL,
        messages: [{ role: 'user', content: 'What do pandas eat?' }],
        stream: true,
      }),
    );
    expect(text).toBe(ANSWER);
  });

  it('fail on an error answered with HTTP 200 and charge nothing', async () => {
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.chat.completions.create({
        model: 'lib-missing',
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    );
    expect(failure.status).toBe(500);
    expect(failure.message).toContain('library lib-unknown not found');
    expect(spent).toBe(0);
  });
});
