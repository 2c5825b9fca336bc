/**
 * Tiered, tool and expression pricing through the relay (docs/reference/pricing-tiers.md): the tier re-picked
 * with the upstream's real prompt, tool lines from what the upstream reports, billed exactly into the log
 * row and the user's balance.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PricingModel } from '../../../../common/api/pricing.ts';
import { sendJson, startFakeVendor } from '../../test-support/fake-vendors/http.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const EXPR =
  'len <= 1000 ? tier("base", p * 1.25 + c * 10 + cr * 0.31) : tier("long", p * 2.5 + c * 15 + cr * 0.625)';

const CLAUDE_REPLY = {
  id: 'msg_1',
  type: 'message',
  role: 'assistant',
  model: 'claude-tools',
  content: [{ type: 'text', text: 'found it' }],
  stop_reason: 'end_turn',
  stop_sequence: null,
  usage: {
    input_tokens: 100,
    output_tokens: 20,
    cache_read_input_tokens: 0,
    cache_creation_input_tokens: 0,
    server_tool_use: { web_search_requests: 2 },
  },
};

const RESPONSES_REPLY = {
  id: 'resp_1',
  object: 'response',
  created_at: 1,
  status: 'completed',
  model: 'gpt-5-tools',
  output: [
    { type: 'web_search_call', id: 'ws_1', status: 'completed' },
    {
      type: 'message',
      id: 'msg_1',
      role: 'assistant',
      status: 'completed',
      content: [{ type: 'output_text', text: 'answer', annotations: [] }],
    },
  ],
  usage: { input_tokens: 50, output_tokens: 10, total_tokens: 60 },
};

describe('tiered and tool pricing through the relay', () => {
  const { fixture } = setUpRelayFixture({ userQuota: 5_000_000 });

  beforeAll(async () => {
    await fixture.addChannel({ key: 'tier-key', models: 'tier-model' });
    await fixture.setOption('billing_setting.billing_mode', JSON.stringify({ 'tier-model': 'tiered_expr' }));
    await fixture.setOption('billing_setting.billing_expr', JSON.stringify({ 'tier-model': EXPR }));
  });

  async function chargeOf(call: () => Promise<unknown>) {
    const before = await fixture.userQuota();
    await call();
    await expect.poll(async () => before - (await fixture.userQuota()), { timeout: 5000 }).toBeGreaterThan(0);
    const log = (await fixture.consumeLogs()).at(-1)!;
    expect(before - (await fixture.userQuota())).toBe(log.quota);
    return { charged: log.quota, other: JSON.parse(log.other ?? '{}') as Record<string, unknown> };
  }

  const chat = (promptTokens: number) => async () => {
    fixture.upstream.setBehaviorForKey('tier-key', { promptTokens, replyText: 'one two three four' });
    await fixture.openai.chat.completions.create({
      model: 'tier-model',
      messages: [{ role: 'user', content: 'hello' }],
    });
  };

  it('bills a call at the bound by the base tier', async () => {
    const { charged, other } = await chargeOf(chat(1000));
    // (1000 × 1.25 + 4 × 10) $/1M × 500000 quota/$ = 645
    expect(charged).toBe(645);
    expect(other).toMatchObject({ billing_mode: 'tiered_expr', tier: { name: 'base' } });
  });

  it('bills a call one token over the bound by the long tier', async () => {
    const { charged, other } = await chargeOf(chat(1001));
    // (1001 × 2.5 + 4 × 15) × 0.5 = 1281.25 → 1281
    expect(charged).toBe(1281);
    expect(other).toMatchObject({ tier: { name: 'long', ranges: [{ from: 1001, to: null }] } });
  });

  it('bills a Claude call with its web search requests as a tool line', async () => {
    await fixture.addVendorChannel(
      () => startFakeVendor((_request, response) => sendJson(response, 200, CLAUDE_REPLY)),
      { type: 14, key: 'claude-key', models: 'claude-tools' },
    );
    await fixture.setOption('ModelRatio', JSON.stringify({ 'claude-tools': 1.5 }));
    await fixture.setOption('CompletionRatio', JSON.stringify({ 'claude-tools': 5 }));
    const { charged, other } = await chargeOf(() =>
      fixture.anthropic().messages.create({
        model: 'claude-tools',
        max_tokens: 100,
        messages: [{ role: 'user', content: 'search' }],
      }),
    );
    // tokens (100 + 20 × 5) × 1.5 = 300; web_search 2 × $10 / 1000 × 500000 = 10000
    expect(charged).toBe(10300);
    expect(other.tool_lines).toEqual([{ tool: 'web_search', count: 2, price: 10, quota: 10000 }]);
  });

  it('bills a Responses call with a web_search_call item at the operator price', async () => {
    await fixture.addVendorChannel(
      () => startFakeVendor((_request, response) => sendJson(response, 200, RESPONSES_REPLY)),
      { type: 1, key: 'responses-key', models: 'gpt-5-tools' },
    );
    await fixture.setOption('ModelRatio', JSON.stringify({ 'claude-tools': 1.5, 'gpt-5-tools': 1 }));
    await fixture.setOption('CompletionRatio', JSON.stringify({ 'claude-tools': 5, 'gpt-5-tools': 4 }));
    await fixture.setOption('tool_price_setting.prices', JSON.stringify({ web_search_preview: 12.5 }));
    const { charged, other } = await chargeOf(() =>
      fixture.openai.responses.create({
        model: 'gpt-5-tools',
        input: 'search',
        tools: [{ type: 'web_search_preview' }],
      }),
    );
    // tokens 50 + 10 × 4 = 90; web_search_preview 1 × $12.5 / 1000 × 500000 = 6250
    expect(charged).toBe(6340);
    expect(other.tool_lines).toEqual([{ tool: 'web_search_preview', count: 1, price: 12.5, quota: 6250 }]);
  });

  it('shows the tiers and tool prices on the price list', async () => {
    const reply = await fixture.user.get<PricingModel[]>('/api/pricing');
    const entry = reply.body.data?.find((model) => model.model_name === 'tier-model');
    expect(entry).toMatchObject({
      billing_mode: 'tiered_expr',
      billing_expr: EXPR,
      tiers: [
        { name: 'base', ranges: [{ from: 0, to: 1000 }], prices: { p: 1.25, c: 10, cr: 0.31 }, fixed: null },
        {
          name: 'long',
          ranges: [{ from: 1001, to: null }],
          prices: { p: 2.5, c: 15, cr: 0.625 },
          fixed: null,
        },
      ],
      tool_prices: { web_search: 10, web_search_preview: 12.5, file_search: 2.5, google_search: 14 },
    });
  });

  it('refuses a malformed expression at save with a zh and an en message and stores nothing', async () => {
    for (const [language, text] of [
      ['zh', '计费表达式调用了 param()'],
      ['en', 'calls param()'],
    ] as const) {
      const reply = await fixture.root.withHeaders({ 'Accept-Language': language }).put('/api/option/', {
        key: 'billing_setting.billing_expr',
        value: JSON.stringify({ 'tier-model': 'tier("a", p * 2) * (param("n") == 1 ? 2 : 1)' }),
      });
      expect(reply.body.success).toBe(false);
      expect(reply.body.message).toContain(text);
    }
    const stored = await fixture.root.get<{ key: string; value: string }[]>('/api/option/');
    const row = stored.body.data?.find((option) => option.key === 'billing_setting.billing_expr');
    expect(JSON.parse(row?.value ?? '{}')).toEqual({ 'tier-model': EXPR });
  });
});
