/**
 * Alibaba DashScope channels (type 17) on its native APIs (server/src/test-support/fake-vendors/
 * dashscope-upstream.ts): rerank in the common shape billed by the tokens it reports, and image generation
 * as an asynchronous task polled until done, through the official `openai` SDK, billed per image — with a
 * failed task reported and refunded.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_DASHSCOPE_KEY,
  FAKE_IMAGE_BYTES,
  FAKE_RERANK_TOKENS,
  type FakeDashScope,
  startFakeDashScope,
} from '../../test-support/fake-vendors/dashscope-upstream.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const QUOTA_PER_UNIT = 500_000;
const IMAGE_PRICE = 0.02;
const { fixture } = setUpRelayFixture();
let dashscope: FakeDashScope;

beforeAll(async () => {
  ({ vendor: dashscope } = await fixture.addVendorChannel(startFakeDashScope, {
    type: 17,
    key: FAKE_DASHSCOPE_KEY,
    models: 'gte-rerank,wanx-v1',
  }));
  await fixture.setModelRatios({ 'gte-rerank': 0.05 });
  await fixture.mergeJsonOption('ModelPrice', { 'wanx-v1': IMAGE_PRICE });
});

describe('DashScope rerank', () => {
  it('answers in the common shape and bills the reported tokens', async () => {
    const { result, spent, log } = await fixture.charged(async () => {
      const response = await fixture.postWithKey('/v1/rerank', {
        model: 'gte-rerank',
        query: 'panda',
        documents: ['a cat', { text: 'the panda eats bamboo' }, 'a dog'],
        top_n: 2,
      });
      expect(response.status).toBe(200);
      return (await response.json()) as { results: unknown[]; usage: unknown };
    });
    expect(result.results).toEqual([
      { index: 1, relevance_score: 0.9, document: { text: 'the panda eats bamboo' } },
      { index: 0, relevance_score: 0.1, document: { text: 'a cat' } },
    ]);
    expect(dashscope.requests.at(-1)!.body).toEqual({
      model: 'gte-rerank',
      input: { query: 'panda', documents: ['a cat', 'the panda eats bamboo', 'a dog'] },
      parameters: { return_documents: true, top_n: 2 },
    });
    const expected = Math.round(FAKE_RERANK_TOKENS * 0.05);
    expect(log.quota).toBe(expected);
    expect(spent).toBe(expected);
  });
});

describe('DashScope image generation', () => {
  it('submits a task, polls it until it succeeds and bills each image', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      fixture.openai.images.generate({
        model: 'wanx-v1',
        prompt: 'a lighthouse at dawn',
        n: 2,
        size: '1024x1024',
      }),
    );
    const submit = dashscope.requests.find((request) => request.path.endsWith('/image-synthesis'))!;
    expect(submit.headers['x-dashscope-async']).toBe('enable');
    expect(submit.body).toEqual({
      model: 'wanx-v1',
      input: { prompt: 'a lighthouse at dawn' },
      parameters: { n: 2, size: '1024*1024' },
    });
    expect(result.data?.map((image) => image.url)).toEqual([
      `${dashscope.url}/images/task-1/0.png`,
      `${dashscope.url}/images/task-1/1.png`,
    ]);
    expect(dashscope.polls.get('task-1')).toBe(2);
    const expected = Math.round(IMAGE_PRICE * 2 * QUOTA_PER_UNIT);
    expect(log.quota).toBe(expected);
    expect(spent).toBe(expected);
  });

  it('returns the images as base64 when the client asks for b64_json', async () => {
    const result = await fixture.openai.images.generate({
      model: 'wanx-v1',
      prompt: 'a lighthouse at dusk',
      response_format: 'b64_json',
    });
    expect(Buffer.from(result.data![0]!.b64_json!, 'base64')).toEqual(FAKE_IMAGE_BYTES);
  });

  it('reports a failed task and charges nothing', async () => {
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.images.generate({ model: 'wanx-v1', prompt: 'something forbidden' }),
    );
    expect(failure.status).toBe(502);
    expect(failure.message).toContain('DataInspectionFailed');
    expect(spent).toBe(0);
  });
});
