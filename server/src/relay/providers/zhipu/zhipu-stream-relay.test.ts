/**
 * Zhipu v3 streams through the relay when the upstream writes its SSE fields with a space after the colon
 * (`event: finish`, `meta: {…}`, which SSE allows): the `finish` event is still recognised, so the stream
 * completes and is billed by the usage in its `meta:` field, and the text pieces keep their own leading
 * spaces (server/src/lib/sse.ts `keepLeadingSpace`; fake: server/src/test-support/fake-vendors/zhipu-v3-upstream.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_ZHIPU_ID,
  FAKE_ZHIPU_PIECES,
  FAKE_ZHIPU_SECRET,
  FAKE_ZHIPU_USAGE,
  startFakeZhipuV3,
} from '../../../test-support/fake-vendors/zhipu-v3-upstream.ts';
import { collectChatStream } from '../../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../../test-support/test-site.ts';

const MODEL = 'chatglm_spaced';
const { fixture } = setUpRelayFixture();

beforeAll(async () => {
  await fixture.addVendorChannel(() => startFakeZhipuV3({ spacedFields: true }), {
    type: 16,
    key: `${FAKE_ZHIPU_ID}.${FAKE_ZHIPU_SECRET}`,
    models: MODEL,
  });
  await fixture.setModelRatios({ [MODEL]: 1 }, { [MODEL]: 2 });
});

describe('a Zhipu v3 stream whose fields have a space after the colon', () => {
  it('completes with the finish event and is billed by the usage of its meta field', async () => {
    const { result, spent, log } = await fixture.charged(async () =>
      collectChatStream(
        await fixture.openai.chat.completions.create({
          model: MODEL,
          messages: [{ role: 'user', content: 'Hi' }],
          stream: true,
          stream_options: { include_usage: true },
        }),
      ),
    );
    expect(result.pieces).toEqual(FAKE_ZHIPU_PIECES);
    expect(result.finish).toBe('stop');
    expect(result.usage).toMatchObject({
      prompt_tokens: FAKE_ZHIPU_USAGE.prompt_tokens,
      completion_tokens: FAKE_ZHIPU_USAGE.completion_tokens,
    });
    expect(log).toMatchObject({
      prompt_tokens: FAKE_ZHIPU_USAGE.prompt_tokens,
      completion_tokens: FAKE_ZHIPU_USAGE.completion_tokens,
    });
    const expected = FAKE_ZHIPU_USAGE.prompt_tokens + FAKE_ZHIPU_USAGE.completion_tokens * 2;
    expect(log.quota).toBe(expected);
    expect(spent).toBe(expected);
  });
});
