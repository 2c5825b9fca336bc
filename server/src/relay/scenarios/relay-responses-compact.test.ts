/**
 * POST /v1/responses/compact (server/src/relay/http/responses-compact.ts) through the openai SDK's
 * `responses.compact`, against a fake of OpenAI's compaction endpoint written from its published API
 * (CompactedResponse: id, object `response.compaction`, created_at, output — the user messages, then one
 * `compaction` item with encrypted content — and Responses usage): routed by `<model>-openai-compact` as
 * new-api routes it, the upstream asked for the model itself, billed exactly by the reply's usage.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { type FakeVendor, sendJson, startFakeVendor } from '../../test-support/fake-vendors/http.ts';
import { failureOf, ratioQuota } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const KEY = 'sk-compaction-upstream';
const USAGE = { input_tokens: 1200, output_tokens: 300 };

function startFakeCompaction(): Promise<FakeVendor> {
  return startFakeVendor((request, response) => {
    if (request.method !== 'POST' || request.path !== '/v1/responses/compact')
      return sendJson(response, 404, {
        error: { message: `no route ${request.path}`, type: 'invalid_request_error' },
      });
    if (request.headers.authorization !== `Bearer ${KEY}`)
      return sendJson(response, 401, {
        error: { message: 'Incorrect API key provided', type: 'invalid_request_error' },
      });
    const { model, input, stream } = request.body as { model?: unknown; input?: unknown; stream?: unknown };
    // OpenAI refuses unknown parameters; the endpoint has no stream.
    if (typeof model !== 'string' || model.endsWith('-openai-compact') || stream !== undefined)
      return sendJson(response, 400, {
        error: { message: `bad request for ${String(model)}`, type: 'invalid_request_error' },
      });
    const users = (Array.isArray(input) ? input : [{ role: 'user', content: String(input ?? '') }]).filter(
      (item: { role?: string }) => item.role === 'user',
    );
    sendJson(response, 200, {
      id: 'resp_compact_1',
      object: 'response.compaction',
      created_at: 1_760_000_000,
      output: [
        ...users.map((item: { content: unknown }, index: number) => ({
          id: `msg_${index}`,
          type: 'message',
          role: 'user',
          status: 'completed',
          content: [{ type: 'input_text', text: typeof item.content === 'string' ? item.content : '' }],
        })),
        { id: 'cmp_1', type: 'compaction', encrypted_content: `enc:${model}` },
      ],
      usage: {
        ...USAGE,
        total_tokens: USAGE.input_tokens + USAGE.output_tokens,
        input_tokens_details: { cached_tokens: 0 },
        output_tokens_details: { reasoning_tokens: 0 },
      },
    });
  });
}

describe('responses compaction', () => {
  const { fixture } = setUpRelayFixture();
  let vendor: FakeVendor;
  let channelId: number;

  beforeAll(async () => {
    ({ vendor, channelId } = await fixture.addVendorChannel(startFakeCompaction, {
      type: 1,
      key: KEY,
      models: 'gpt-5-openai-compact,gpt-5.1-openai-compact',
      model_mapping: JSON.stringify({ 'gpt-5.1': 'gpt-5.1-2025-11-13' }),
    }));
    await fixture.setModelRatios(
      { 'gpt-5-openai-compact': 2, '*-openai-compact': 0.5 },
      { 'gpt-5-openai-compact': 3, '*-openai-compact': 4 },
    );
  });

  it('compacts through the openai SDK, routed by <model>-openai-compact, billed by the usage', async () => {
    const { result, spent, log } = await fixture.charged(() =>
      fixture.openai.responses.compact({
        model: 'gpt-5',
        input: [
          { role: 'user', content: 'Plan the trip' },
          { role: 'assistant', content: 'Sure' },
        ],
      }),
    );
    expect(result.object).toBe('response.compaction');
    expect(result.output.at(-1)).toMatchObject({ type: 'compaction', encrypted_content: 'enc:gpt-5' });
    expect(result.usage.input_tokens).toBe(USAGE.input_tokens);
    const sent = vendor.requests.at(-1)!;
    expect(sent.path).toBe('/v1/responses/compact');
    expect(sent.body.model).toBe('gpt-5');
    const expected = ratioQuota(USAGE.input_tokens, USAGE.output_tokens, 2, 3);
    expect(spent).toBe(expected);
    expect(log).toMatchObject({
      model_name: 'gpt-5-openai-compact',
      quota: expected,
      prompt_tokens: USAGE.input_tokens,
      completion_tokens: USAGE.output_tokens,
      channel_id: channelId,
    });
  });

  it('prices a model without its own entry by *-openai-compact and maps the model for the upstream', async () => {
    const { spent } = await fixture.charged(() =>
      fixture.openai.responses.compact({ model: 'gpt-5.1', input: 'Summarise' }),
    );
    expect(vendor.requests.at(-1)!.body.model).toBe('gpt-5.1-2025-11-13');
    expect(spent).toBe(ratioQuota(USAGE.input_tokens, USAGE.output_tokens, 0.5, 4));
  });

  it('refuses a model no Responses channel lists for compaction, and a stream, charging nothing', async () => {
    await fixture.addChannel({ models: 'gpt-4o-openai-compact', type: 8 });
    const before = await fixture.userQuota();
    const unserved = await failureOf(fixture.openai.responses.compact({ model: 'gpt-4o', input: 'x' }));
    expect(unserved.status).toBeGreaterThanOrEqual(400);
    const streamed = await fixture.postWithKey('/v1/responses/compact', {
      model: 'gpt-5',
      input: 'x',
      stream: true,
    });
    expect(streamed.status).toBe(400);
    expect(await fixture.userQuota()).toBe(before);
  });
});
