/**
 * An Ollama channel saved without a key (Ollama needs none: common/channel-types.ts
 * `keyOptionalChannelTypes`) relays to Ollama's native chat API with no Authorization header, and is billed
 * by Ollama's counts (fake: server/src/test-support/fake-vendors/ollama-upstream.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { FakeVendor } from '../../../test-support/fake-vendors/http.ts';
import {
  FAKE_OLLAMA_COUNTS,
  FAKE_OLLAMA_MODEL,
  FAKE_OLLAMA_PIECES,
  startFakeOllama,
} from '../../../test-support/fake-vendors/ollama-upstream.ts';
import { setUpRelayFixture } from '../../../test-support/test-site.ts';

const { fixture } = setUpRelayFixture();
let ollama: FakeVendor;

beforeAll(async () => {
  ollama = fixture.adopt(await startFakeOllama());
  const created = await fixture.root.post<{ ids: number[] }>('/api/channel/', {
    type: 4,
    name: 'keyless-ollama',
    base_url: ollama.url,
    models: FAKE_OLLAMA_MODEL,
    group: 'default',
  });
  expect(created.body.success).toBe(true);
  await fixture.setModelRatios({ [FAKE_OLLAMA_MODEL]: 1 }, { [FAKE_OLLAMA_MODEL]: 1 });
});

describe('an Ollama channel without a key', () => {
  it('relays without credentials and bills the eval counts', async () => {
    const { result, log } = await fixture.charged(() =>
      fixture.openai.chat.completions.create({
        model: FAKE_OLLAMA_MODEL,
        messages: [{ role: 'user', content: 'Hi' }],
      }),
    );
    expect(result.choices[0]?.message.content).toBe(FAKE_OLLAMA_PIECES.join(''));
    const upstream = ollama.requests.at(-1)!;
    expect(upstream.path).toBe('/api/chat');
    expect(upstream.headers.authorization).toBeUndefined();
    expect(log.quota).toBe(FAKE_OLLAMA_COUNTS.prompt_eval_count + FAKE_OLLAMA_COUNTS.eval_count);
  });
});
