/**
 * Replicate channels (type 56) against a fake Replicate API (server/src/test-support/fake-vendors/
 * replicate-upstream.ts): OpenAI's image route through the official `openai` SDK as FLUX predictions —
 * answered at once under `Prefer: wait`, or polled until done — billed per image at new-api's built-in
 * price or the operator's; the images as base64 on request; Replicate's refusals (a bad token, an input
 * its schema refuses) and a failed prediction reach the client as clean errors, and charge nothing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  FAKE_REPLICATE_FAST_MODEL,
  FAKE_REPLICATE_IMAGE,
  FAKE_REPLICATE_NSFW_ERROR,
  FAKE_REPLICATE_SLOW_MODEL,
  FAKE_REPLICATE_TOKEN,
  type FakeReplicate,
  startFakeReplicate,
} from '../../test-support/fake-vendors/replicate-upstream.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const QUOTA_PER_UNIT = 500_000;
/** new-api's built-in price of FLUX 1.1 [pro] (server/src/options/prices-agents.ts). */
const FLUX_PRO_PRICE = 0.04;
const SCHNELL_PRICE = 0.003;
const BAD_TOKEN_MODEL = 'black-forest-labs/flux-dev';
const { fixture } = setUpRelayFixture();
let replicate: FakeReplicate;

const createRequests = () => replicate.requests.filter((request) => request.method === 'POST');

beforeAll(async () => {
  ({ vendor: replicate } = await fixture.addVendorChannel(startFakeReplicate, {
    type: 56,
    key: FAKE_REPLICATE_TOKEN,
    models: `${FAKE_REPLICATE_FAST_MODEL},${FAKE_REPLICATE_SLOW_MODEL}`,
  }));
  await fixture.addChannel({
    type: 56,
    key: 'r8_not-the-right-token',
    base_url: replicate.url,
    models: BAD_TOKEN_MODEL,
  });
  await fixture.mergeJsonOption('ModelPrice', {
    [FAKE_REPLICATE_SLOW_MODEL]: SCHNELL_PRICE,
    [BAD_TOKEN_MODEL]: 0.025,
  });
});

describe('Replicate image generation', () => {
  it('creates a prediction that answers at once under Prefer: wait, billed at the built-in price', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      fixture.openai.images.generate({
        model: FAKE_REPLICATE_FAST_MODEL,
        prompt: 'a lighthouse at dawn',
        size: '1792x1024',
        quality: 'hd',
      }),
    );
    const created = createRequests().at(-1)!;
    expect(created.path).toBe('/v1/models/black-forest-labs/flux-1.1-pro/predictions');
    expect(created.headers.authorization).toBe(`Bearer ${FAKE_REPLICATE_TOKEN}`);
    expect(created.headers.prefer).toBe('wait');
    expect(created.body).toEqual({
      input: { prompt: 'a lighthouse at dawn', aspect_ratio: '16:9', prompt_upsampling: true },
    });
    const id = `pred${createRequests().length}fake`;
    expect(result.data?.map((image) => image.url)).toEqual([`${replicate.url}/output/${id}/0.webp`]);
    expect(replicate.reads.get(id)).toBeUndefined();
    const expected = Math.round(FLUX_PRO_PRICE * QUOTA_PER_UNIT);
    expect(log.quota).toBe(expected);
    expect(spent).toBe(expected);
  });

  it('polls a prediction still running until it succeeds, billing each image', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      fixture.openai.images.generate({
        model: FAKE_REPLICATE_SLOW_MODEL,
        prompt: 'a lighthouse at dusk',
        n: 2,
        size: '1000x600',
      }),
    );
    expect(createRequests().at(-1)!.body).toEqual({
      // 1000x600 is 5:3, a ratio FLUX lacks: a custom size on FLUX's grid of 32.
      input: {
        prompt: 'a lighthouse at dusk',
        aspect_ratio: 'custom',
        width: 992,
        height: 608,
        num_outputs: 2,
      },
    });
    const id = `pred${createRequests().length}fake`;
    expect(replicate.reads.get(id)).toBe(2);
    expect(replicate.requests.at(-1)!.headers.authorization).toBe(`Bearer ${FAKE_REPLICATE_TOKEN}`);
    expect(result.data?.map((image) => image.url)).toEqual([
      `${replicate.url}/output/${id}/0.webp`,
      `${replicate.url}/output/${id}/1.webp`,
    ]);
    const expected = Math.round(SCHNELL_PRICE * 2 * QUOTA_PER_UNIT);
    expect(log.quota).toBe(expected);
    expect(spent).toBe(expected);
  });

  it('returns the images as base64 when the client asks for b64_json', async () => {
    const result = await fixture.openai.images.generate({
      model: FAKE_REPLICATE_FAST_MODEL,
      prompt: 'a lighthouse in fog',
      response_format: 'b64_json',
    });
    expect(result.data).toHaveLength(1);
    expect(Buffer.from(result.data![0]!.b64_json!, 'base64')).toEqual(FAKE_REPLICATE_IMAGE);
  });

  it('reports a failed prediction with its reason, and charges nothing', async () => {
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.images.generate({ model: FAKE_REPLICATE_SLOW_MODEL, prompt: 'something forbidden' }),
    );
    expect(failure.status).toBe(502);
    expect(failure.message).toContain(FAKE_REPLICATE_NSFW_ERROR);
    expect(spent).toBe(0);
  });

  it('passes on an input Replicate refuses with its reason and status, and charges nothing', async () => {
    const { failure, spent } = await fixture.chargedFailure(async () => {
      const response = await fixture.postWithKey('/v1/images/generations', {
        model: FAKE_REPLICATE_FAST_MODEL,
        prompt: 'a lighthouse',
        input: { aspect_ratio: '7:1' },
      });
      const body = (await response.json()) as { error?: { message?: string } };
      if (response.ok) return body;
      throw Object.assign(new Error(body.error?.message ?? ''), { status: response.status });
    });
    expect(failure.status).toBe(422);
    expect(failure.message).toContain('input.aspect_ratio must be one of the following');
    expect(spent).toBe(0);
  });

  it('reports a refused token without the token, and charges nothing', async () => {
    const { failure, spent } = await fixture.chargedFailure(() =>
      fixture.openai.images.generate({ model: BAD_TOKEN_MODEL, prompt: 'a lighthouse' }),
    );
    expect(failure.status).toBe(401);
    expect(failure.message).toContain('You did not pass a valid authentication token');
    expect(failure.message).not.toContain('r8_not-the-right-token');
    expect(spent).toBe(0);
  });
});
