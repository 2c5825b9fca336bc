import { beforeAll, describe, expect, it } from 'vitest';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

describe('pricing through the relay', () => {
  const { fixture } = setUpRelayFixture();
  beforeAll(async () => {
    await fixture.addChannel({ key: 'pricing-key', models: 'per-call-model,gpt-4o', group: 'default,vip' });
  });

  it('bills a per-call price as price × QuotaPerUnit × group ratio', async () => {
    await fixture.setOption(
      'ModelPrice',
      JSON.stringify({
        ...(fixture.server.context.options.getJson('ModelPrice') as object),
        'per-call-model': 0.02,
      }),
    );
    const before = await fixture.userQuota();
    await fixture.openai.chat.completions.create({
      model: 'per-call-model',
      messages: [{ role: 'user', content: 'a long prompt that does not matter' }],
    });
    expect(before - (await fixture.userQuota())).toBe(10_000);
    expect(JSON.parse((await fixture.lastConsumeLog()).other!)).toMatchObject({ model_price: 0.02 });
  });

  it('applies a new group ratio to the next call, and a group-to-group ratio over it', async () => {
    fixture.upstream.setBehaviorForKey('pricing-key', { promptTokens: 100, replyText: 'a b c d' });
    await fixture.setOption('GroupRatio', JSON.stringify({ default: 1, vip: 2, svip: 1 }));
    await fixture.setOption('UserUsableGroups', JSON.stringify({ default: 'default', vip: 'vip' }));
    const vipToken = await fixture.addToken({ name: 'vip-key', group: 'vip' });
    const client = fixture.clientFor(`sk-${vipToken.key}`);
    const ask = async () => {
      const before = await fixture.userQuota();
      await client.chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] });
      return before - (await fixture.userQuota());
    };
    const base = (100 + 4 * 4) * 1.25;
    expect(await ask()).toBe(Math.round(base * 2));
    expect((await fixture.lastConsumeLog()).group).toBe('vip');
    await fixture.setOption('GroupGroupRatio', JSON.stringify({ default: { vip: 0.5 } }));
    expect(await ask()).toBe(Math.round(base * 0.5));
    expect(JSON.parse((await fixture.lastConsumeLog()).other!)).toMatchObject({
      group_ratio: 2,
      user_group_ratio: 0.5,
    });
    fixture.upstream.setBehaviorForKey('pricing-key', undefined);
  });

  it('applies a changed model ratio and a new model price to the next call', async () => {
    // The resolved pricing is kept between calls (server/src/relay/call/call-pricing.ts): a saved option must
    // still price the very next call.
    await fixture.addChannel({ key: 'pricing-key', models: 'memo-model' });
    await fixture.setModelRatios({ 'memo-model': 0.5 }, { 'memo-model': 2 });
    fixture.upstream.setBehaviorForKey('pricing-key', { promptTokens: 100, replyText: 'a b c d' });
    const ask = async () => {
      const before = await fixture.userQuota();
      await fixture.openai.chat.completions.create({
        model: 'memo-model',
        messages: [{ role: 'user', content: 'x' }],
      });
      return before - (await fixture.userQuota());
    };
    expect(await ask()).toBe((100 + 4 * 2) * 0.5);
    await fixture.mergeJsonOption('ModelRatio', { 'memo-model': 3 });
    expect(await ask()).toBe((100 + 4 * 2) * 3);
    await fixture.mergeJsonOption('ModelPrice', { 'memo-model': 0.01 });
    expect(await ask()).toBe(5000);
    fixture.upstream.setBehaviorForKey('pricing-key', undefined);
  });

  it('bills cached prompt tokens at the cache ratio', async () => {
    fixture.upstream.setBehaviorForKey('pricing-key', {
      promptTokens: 1000,
      cachedTokens: 400,
      replyText: 'x',
    });
    const before = await fixture.userQuota();
    await fixture.openai.chat.completions.create({
      model: 'gpt-4o',
      messages: [{ role: 'user', content: 'x' }],
    });
    // gpt-4o: ratio 1.25, completion 4, cache 0.5 → (600 + 400 × 0.5 + 1 × 4) × 1.25
    expect(before - (await fixture.userQuota())).toBe(Math.round((600 + 200 + 4) * 1.25));
    expect(JSON.parse((await fixture.lastConsumeLog()).other!)).toMatchObject({
      cache_tokens: 400,
      cache_ratio: 0.5,
    });
    fixture.upstream.setBehaviorForKey('pricing-key', undefined);
  });
});

describe('live token and user views', () => {
  const { fixture } = setUpRelayFixture();

  it('show usage at once, before the batch writer has written it', async () => {
    await fixture.addChannel({ key: 'live-key' });
    const token = await fixture.addToken({ name: 'live', unlimited_quota: false, remain_quota: 1_000_000 });
    await fixture
      .clientFor(`sk-${token.key}`)
      .chat.completions.create({ model: 'gpt-4o', messages: [{ role: 'user', content: 'x' }] });
    const view = (
      await fixture.user.get<{ used_quota: number; remain_quota: number }>(`/api/token/${token.id}`)
    ).body.data!;
    expect(view.used_quota).toBeGreaterThan(0);
    expect(view.remain_quota).toBe(1_000_000 - view.used_quota);
    const self = (await fixture.user.get<{ used_quota: number; request_count: number }>('/api/user/self'))
      .body.data!;
    expect(self.used_quota).toBe(view.used_quota);
    expect(self.request_count).toBe(1);
  });
});
