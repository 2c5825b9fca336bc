/**
 * OpenAI's image generation and speech routes through the official openai SDK, and rerank over plain HTTP,
 * against the fake upstream: exact billing per image (size and quality ratios), by image tokens, by
 * speech characters and by rerank tokens; audio streamed through byte for byte; bad bodies refused first.
 */
import { createHash, randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { toFile } from 'openai';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_IMAGE_USAGE,
  FAKE_TRANSCRIBE_USAGE,
  FAKE_TRANSCRIPT,
  fakeImageUrl,
  fakeSpeech,
} from '../../test-support/fake-upstream/media-handlers.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';
import { countTextTokens } from '../billing/tokens.ts';

const QUOTA_PER_UNIT = 500_000;
const RERANKER = 'bge-reranker-v2-m3';

const { fixture } = setUpRelayFixture();

beforeAll(async () => {
  await fixture.addChannel({
    models: `dall-e-2,dall-e-3,gpt-image-1,tts-1,whisper-1,gpt-4o-transcribe,${RERANKER}`,
  });
  await fixture.setModelRatios({ [RERANKER]: 0.01, 'gpt-4o-transcribe': 1.25 });
});

describe('POST /v1/images/generations', () => {
  it.each([
    // model, n, size, quality, price multiplier over the per-image price
    ['dall-e-3', 1, '1024x1024', 'standard', 1],
    ['dall-e-3', 2, '1792x1024', 'hd', 2 * 2 * 1.5],
    ['dall-e-3', 1, '1024x1024', 'hd', 2],
    ['dall-e-2', 3, '256x256', undefined, 3 * 0.8],
  ] as const)('%s n=%i %s %s costs the per-image price × %d', async (model, n, size, quality, multiplier) => {
    const price = model === 'dall-e-3' ? 0.04 : 0.02;
    const { result, spent, log } = await fixture.charged(() =>
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
    const { result, log } = await fixture.charged(() =>
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
      const response = await fixture.postWithKey('/v1/images/generations', body);
      expect(response.status, JSON.stringify(body)).toBe(400);
    }
    expect(fixture.upstream.requests.length).toBe(sent);
    expect(await fixture.userQuota()).toBe(before);
  });
});

describe('POST /v1/audio/speech', () => {
  it('streams the audio through and bills the input characters', async () => {
    const input = 'Hello from the gateway, ünïcode included.';
    const { result, log, spent } = await fixture.charged(async () => {
      const response = await fixture.openai.audio.speech.create({ model: 'tts-1', voice: 'alloy', input });
      return { type: response.headers.get('content-type'), bytes: Buffer.from(await response.arrayBuffer()) };
    });
    expect(result.type).toBe('audio/mpeg');
    expect(result.bytes.equals(fakeSpeech(input))).toBe(true);
    expect(log.prompt_tokens).toBe([...input].length);
    expect(JSON.parse(String(log.other))).toMatchObject({ speech_characters: [...input].length });
    // tts-1: $15 per million characters (ratio 7.5).
    expect(log.quota).toBe(Math.round([...input].length * 7.5));
    expect(spent).toBe(log.quota);
  });

  it('refuses a request without a voice', async () => {
    const response = await fixture.postWithKey('/v1/audio/speech', { model: 'tts-1', input: 'hi' });
    expect(response.status).toBe(400);
  });
});

describe('POST /v1/rerank', () => {
  it('relays the Jina/Cohere shape and bills the tokens the reranker reports', async () => {
    const { result, log, spent } = await fixture.charged(async () => {
      const response = await fixture.postWithKey('/v1/rerank', {
        model: RERANKER,
        query: 'lighthouse',
        documents: ['a lighthouse', 'a tree', 'a boat'],
        top_n: 2,
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

describe('multipart uploads', () => {
  const uploads = () => readdirSync(tmpdir()).filter((name) => name.startsWith('switchyard-upload-')).length;
  const audio = (size: number) => randomBytes(size);
  const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

  it('transcribes with whisper-1, billed by the tokens of the transcript', async () => {
    const bytes = audio(2048);
    const { result, log, spent } = await fixture.charged(async () =>
      fixture.openai.audio.transcriptions.create({
        model: 'whisper-1',
        file: await toFile(bytes, 'speech.mp3', { type: 'audio/mpeg' }),
      }),
    );
    expect(result.text).toBe(FAKE_TRANSCRIPT);
    const upstream = fixture.upstream.requests.at(-1)!;
    expect(upstream.path).toBe('/v1/audio/transcriptions');
    const sent = upstream.body as {
      model: string;
      files: Record<string, { size: number; sha256: string; filename: string }>;
    };
    expect(sent.model).toBe('whisper-1');
    expect(sent.files.file).toMatchObject({
      size: bytes.length,
      sha256: sha256(bytes),
      filename: 'speech.mp3',
    });
    const tokens = countTextTokens(FAKE_TRANSCRIPT, 'whisper-1');
    expect(log.prompt_tokens).toBe(tokens);
    // whisper-1: ratio 15.
    expect(log.quota).toBe(Math.round(tokens * 15));
    expect(spent).toBe(log.quota);
    // The audio's duration the upstream reported is kept in the log.
    expect(JSON.parse(String(log.other))).toMatchObject({ audio_seconds: 2 });
  });

  it('passes text formats (srt) through, and bills gpt-4o-transcribe by the tokens it reports', async () => {
    const srt = await fixture.openai.audio.transcriptions.create({
      model: 'whisper-1',
      file: await toFile(audio(512), 'speech.mp3'),
      response_format: 'srt',
    });
    expect(String(srt)).toContain(FAKE_TRANSCRIPT);
    expect(String(srt)).toContain('-->');
    const { log, spent } = await fixture.charged(async () =>
      fixture.openai.audio.transcriptions.create({
        model: 'gpt-4o-transcribe',
        file: await toFile(audio(512), 'speech.wav'),
      }),
    );
    expect(log.prompt_tokens).toBe(FAKE_TRANSCRIBE_USAGE.input_tokens);
    expect(log.completion_tokens).toBe(FAKE_TRANSCRIBE_USAGE.output_tokens);
    expect(JSON.parse(String(log.other))).toMatchObject({
      audio_input_tokens: FAKE_TRANSCRIBE_USAGE.input_token_details.audio_tokens,
    });
    expect(spent).toBe(log.quota);
  });

  it('streams a file larger than the memory threshold through a temporary file, byte for byte, and removes it', async () => {
    const before = uploads();
    const bytes = audio(3 * 1024 * 1024 + 17);
    const reply = await fixture.openai.audio.translations.create({
      model: 'whisper-1',
      file: await toFile(bytes, 'long.mp3'),
    });
    expect(reply.text).toBe(`translated: ${FAKE_TRANSCRIPT}`);
    const sent = fixture.upstream.requests.at(-1)!.body as {
      files: Record<string, { size: number; sha256: string }>;
    };
    expect(sent.files.file).toMatchObject({ size: bytes.length, sha256: sha256(bytes) });
    // Removed when the call ends, just after the reply went out.
    for (let wait = 0; wait < 50 && uploads() !== before; wait += 1)
      await new Promise((resolve) => setTimeout(resolve, 20));
    expect(uploads()).toBe(before);
  });

  it('edits and varies images at the per-image price × n × size ratio', async () => {
    const image = audio(1024);
    const { result, log } = await fixture.charged(async () =>
      fixture.openai.images.edit({
        model: 'dall-e-2',
        image: await toFile(image, 'in.png', { type: 'image/png' }),
        prompt: 'add a boat',
        n: 2,
        size: '512x512',
      }),
    );
    expect(result.data?.map((item) => item.url)).toEqual([fakeImageUrl(0), fakeImageUrl(1)]);
    expect(log.quota).toBe(Math.round(0.02 * 2 * 0.9 * QUOTA_PER_UNIT));
    const variation = await fixture.charged(async () =>
      fixture.openai.images.createVariation({ image: await toFile(image, 'in.png', { type: 'image/png' }) }),
    );
    expect(variation.result.data).toHaveLength(1);
    expect(variation.log.model_name).toBe('dall-e-2');
    expect(variation.log.quota).toBe(Math.round(0.02 * QUOTA_PER_UNIT));
  });

  it('checks the key before reading the body, and refuses uploads without their file', async () => {
    const form = new FormData();
    form.set('model', 'whisper-1');
    form.set('file', new Blob([audio(64)]), 'a.mp3');
    const unauthorized = await fetch(`${fixture.server.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: 'Bearer sk-wrong' },
      body: form,
    });
    expect(unauthorized.status).toBe(401);
    const noFile = new FormData();
    noFile.set('model', 'whisper-1');
    const missing = await fetch(`${fixture.server.url}/v1/audio/transcriptions`, {
      method: 'POST',
      headers: { authorization: `Bearer sk-${fixture.token.key}` },
      body: noFile,
    });
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(/file/);
  });
});
