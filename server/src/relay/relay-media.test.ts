/**
 * OpenAI's image generation and speech routes through the official openai SDK, and rerank over plain HTTP,
 * against the fake upstream: exact billing per image (size and quality ratios), by image tokens, by
 * speech characters and by rerank tokens; audio streamed through byte for byte; bad bodies refused first.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_IMAGE_USAGE, fakeImageUrl, fakeSpeech } from '../test-support/fake-upstream/media-handlers.ts';
import { type RelayFixture, startRelayFixture } from '../test-support/relay-fixture.ts';

const QUOTA_PER_UNIT = 500_000;
const RERANKER = 'bge-reranker-v2-m3';

let fixture: RelayFixture;

async function charged<T>(
  call: () => Promise<T>,
): Promise<{ result: T; spent: number; log: Record<string, unknown> }> {
  const before = await fixture.userQuota();
  const result = await call();
  const log = await fixture.lastConsumeLog();
  return { result, spent: before - (await fixture.userQuota()), log };
}

beforeAll(async () => {
  fixture = await startRelayFixture();
  await fixture.addChannel({ models: `dall-e-2,dall-e-3,gpt-image-1,tts-1,${RERANKER}` });
  const ratios = fixture.server.context.options.getJson<Record<string, number>>('ModelRatio');
  await fixture.setOption('ModelRatio', JSON.stringify({ ...ratios, [RERANKER]: 0.01 }));
});

afterAll(async () => fixture?.close());

describe('POST /v1/images/generations', () => {
  it.each([
    // model, n, size, quality, price multiplier over the per-image price
    ['dall-e-3', 1, '1024x1024', 'standard', 1],
    ['dall-e-3', 2, '1792x1024', 'hd', 2 * 2 * 1.5],
    ['dall-e-3', 1, '1024x1024', 'hd', 2],
    ['dall-e-2', 3, '256x256', undefined, 3 * 0.8],
  ] as const)('%s n=%i %s %s costs the per-image price × %d', async (model, n, size, quality, multiplier) => {
    const price = model === 'dall-e-3' ? 0.04 : 0.02;
    const { result, spent, log } = await charged(() =>
      fixture.openai.images.generate({
        model,
        prompt: 'a lighthouse at dawn',
        n,
        size,
        ...(quality ? { quality } : {}),
      }),
    );
    expect(result.data?.map((image) => image.url)).toEqual(
      Array.from({ length: n }, (_, index) => fakeImageUrl(index)),
    );
    const expected = Math.round(price * multiplier * QUOTA_PER_UNIT);
    expect(log.quota).toBe(expected);
    expect(spent).toBe(expected);
  });

  it('bills gpt-image-1 by the image tokens it reports', async () => {
    const { result, log } = await charged(() =>
      fixture.openai.images.generate({ model: 'gpt-image-1', prompt: 'a lighthouse at dawn' }),
    );
    expect(result.data?.[0]?.b64_json).toBeTruthy();
    expect(log.prompt_tokens).toBe(FAKE_IMAGE_USAGE.input_tokens);
    expect(log.completion_tokens).toBe(FAKE_IMAGE_USAGE.output_tokens);
    // gpt-image-1: $5 per million input tokens (ratio 2.5), output 8× that.
    expect(log.quota).toBe(
      Math.round((FAKE_IMAGE_USAGE.input_tokens + FAKE_IMAGE_USAGE.output_tokens * 8) * 2.5),
    );
  });

  it('refuses bad requests before anything is sent or charged', async () => {
    const sent = fixture.upstream.requests.length;
    const before = await fixture.userQuota();
    for (const body of [
      { model: 'dall-e-3', prompt: 'x', n: 11 },
      { model: 'dall-e-3', prompt: 'x', size: '640x480' },
      { model: 'dall-e-3', prompt: '' },
    ]) {
      const response = await fetch(`${fixture.server.url}/v1/images/generations`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${fixture.token.key}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(fixture.upstream.requests.length).toBe(sent);
    expect(await fixture.userQuota()).toBe(before);
  });
});

describe('POST /v1/audio/speech', () => {
  it('streams the audio through and bills the input characters', async () => {
    const input = 'Hello from the gateway, ünïcode included.';
    const { result, log, spent } = await charged(async () => {
      const response = await fixture.openai.audio.speech.create({ model: 'tts-1', voice: 'alloy', input });
      return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
    });
    expect(result.type).toBe('audio/mpeg');
    expect(result.bytes.equals(fakeSpeech(input))).toBe(true);
    expect(log.prompt_tokens).toBe([...input].length);
    // tts-1: $15 per million characters (ratio 7.5).
    expect(log.quota).toBe(Math.round([...input].length * 7.5));
    expect(spent).toBe(log.quota);
  });

  it('refuses a request without a voice', async () => {
    const response = await fetch(`${fixture.server.url}/v1/audio/speech`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${fixture.token.key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ model: 'tts-1', input: 'hi' }),
    });
    expect(response.status).toBe(400);
  });
});

describe('POST /v1/rerank', () => {
  it('relays the Jina/Cohere shape and bills the tokens the reranker reports', async () => {
    const { result, log, spent } = await charged(async () => {
      const response = await fetch(`${fixture.server.url}/v1/rerank`, {
        method: 'POST',
        headers: { authorization: `Bearer sk-${fixture.token.key}`, 'content-type': 'application/json' },
        body: JSON.stringify({
          model: RERANKER,
          query: 'lighthouse',
          documents: ['a lighthouse', 'a tree', 'a boat'],
          top_n: 2,
        }),
      });
      expect(response.status).toBe(200);
      return (await response.json()) as {
        results: { index: number; relevance_score: number }[];
        usage: { total_tokens: number };
      };
    });
    expect(result.results.map((item) => item.index)).toEqual([0, 1]);
    expect(log.prompt_tokens).toBe(result.usage.total_tokens);
    expect(spent).toBe(log.quota);
    expect(Number(log.quota)).toBeGreaterThan(0);
  });
});
