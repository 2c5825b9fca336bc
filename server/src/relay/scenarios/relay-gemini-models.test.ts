/**
 * GET /v1/models and /v1/models/{model} answer each client in its own format, chosen by where its key
 * comes: Gemini clients (@google/genai with `apiVersion: 'v1'`, the key in `x-goog-api-key` or `?key=`) get
 * exactly what /v1beta/models answers, and their errors in Gemini's format; Claude clients (x-api-key or
 * anthropic-version) Anthropic's shape; a Bearer key OpenAI's.
 */
import { ApiError, GoogleGenAI } from '@google/genai';
import { beforeAll, describe, expect, it } from 'vitest';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const MODELS = ['gemini-2.5-flash', 'gpt-4o-mini', 'text-embedding-3-small'];
const { fixture } = setUpRelayFixture();
let key: string;

beforeAll(async () => {
  key = `sk-${fixture.token.key}`;
  await fixture.addChannel({ models: MODELS.join(',') });
});

function genai(apiKey = key): GoogleGenAI {
  return new GoogleGenAI({ apiKey, httpOptions: { baseUrl: fixture.server.url, apiVersion: 'v1' } });
}

async function getJson(path: string, headers: Record<string, string> = {}) {
  const response = await fetch(`${fixture.server.url}${path}`, { headers });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

describe('@google/genai with apiVersion v1', () => {
  it('lists the models the key may use from /v1/models', async () => {
    const names: string[] = [];
    for await (const model of await genai().models.list()) names.push(String(model.name));
    expect(names).toEqual(MODELS.map((model) => `models/${model}`));
  });

  it('gets one model from /v1/models/{model}', async () => {
    const model = await genai().models.get({ model: 'gemini-2.5-flash' });
    expect(model).toMatchObject({ name: 'models/gemini-2.5-flash', displayName: 'gemini-2.5-flash' });
    const embedding = await genai().models.get({ model: 'models/text-embedding-3-small' });
    expect(embedding.supportedActions).toEqual(['embedContent', 'batchEmbedContents']);
  });

  it('gets a Gemini 404 for a model the key may not use, and a 401 for a wrong key', async () => {
    const missing = await genai()
      .models.get({ model: 'no-such-model' })
      .catch((error: unknown) => error);
    expect(missing).toBeInstanceOf(ApiError);
    expect((missing as ApiError).status).toBe(404);
    const refused = await genai('sk-not-a-key')
      .models.list()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(401);
  });
});

describe('GET /v1/models for a key in x-goog-api-key or ?key=', () => {
  it('answers exactly what /v1beta/models answers, header or query', async () => {
    const beta = await getJson('/v1beta/models', { 'x-goog-api-key': key });
    expect(beta.status).toBe(200);
    expect(await getJson('/v1/models', { 'x-goog-api-key': key })).toEqual(beta);
    expect(await getJson(`/v1/models?key=${encodeURIComponent(key)}`)).toEqual(beta);
  });

  it('answers one model exactly as /v1beta/models/{model} does', async () => {
    const beta = await getJson('/v1beta/models/gpt-4o-mini', { 'x-goog-api-key': key });
    expect(beta).toMatchObject({ status: 200, body: { name: 'models/gpt-4o-mini' } });
    expect(await getJson('/v1/models/gpt-4o-mini', { 'x-goog-api-key': key })).toEqual(beta);
    expect(await getJson(`/v1/models/gpt-4o-mini?key=${key}`)).toEqual(beta);
  });

  it("renders errors in Gemini's format", async () => {
    const wrongKey = await getJson('/v1/models', { 'x-goog-api-key': 'sk-not-a-key' });
    expect(wrongKey.status).toBe(401);
    expect(wrongKey.body).toEqual({
      error: { code: 401, message: expect.stringContaining('invalid API key'), status: 'UNAUTHENTICATED' },
    });
    const wrongQueryKey = await getJson('/v1/models/gpt-4o-mini?key=sk-not-a-key');
    expect(wrongQueryKey).toMatchObject({ status: 401, body: { error: { status: 'UNAUTHENTICATED' } } });
    const missing = await getJson('/v1/models/no-such-model', { 'x-goog-api-key': key });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      error: {
        code: 404,
        message: expect.stringContaining('models/no-such-model is not found'),
        status: 'NOT_FOUND',
      },
    });
  });
});

describe('GET /v1/models for the other clients', () => {
  it('answers a Bearer key in OpenAI format, even with ?key= beside it', async () => {
    const openai = await getJson(`/v1/models?key=${key}`, { authorization: `Bearer ${key}` });
    expect(openai.status).toBe(200);
    expect(openai.body.object).toBe('list');
    expect((openai.body.data as { id: string }[]).map((model) => model.id)).toEqual(MODELS);
    const missing = await getJson('/v1/models', {});
    expect(missing.status).toBe(401);
    expect(missing.body).toMatchObject({ error: { code: 'missing_api_key' } });
  });

  it("answers a key in x-api-key in Anthropic's shape, with Claude's errors", async () => {
    const claude = await getJson('/v1/models', { 'x-api-key': key });
    expect(claude.status).toBe(200);
    expect(claude.body).toMatchObject({ has_more: false, first_id: MODELS[0], last_id: MODELS.at(-1) });
    const one = await getJson('/v1/models/gpt-4o-mini', {
      'x-api-key': key,
      'anthropic-version': '2023-06-01',
    });
    expect(one.body).toMatchObject({ type: 'model', id: 'gpt-4o-mini' });
    const missing = await getJson('/v1/models/no-such-model', { 'x-api-key': key });
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ type: 'error', error: { type: 'not_found_error' } });
  });
});
