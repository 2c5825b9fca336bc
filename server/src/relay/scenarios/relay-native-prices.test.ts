/**
 * A fresh install relays the native-protocol families without an operator setting a price: ERNIE through a
 * Baidu channel, GLM-4 through a Zhipu v4 channel, ChatGLM through Zhipu v3, Hunyuan, Spark and MiniMax,
 * each billed at its built-in ratio (server/src/options/default-ratios.ts, docs/reference/billing.md) from
 * the usage the upstream reported, and listed with that ratio by GET /api/pricing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PricingReply } from '../../../../common/api/pricing.ts';
import {
  FAKE_BAIDU_API_KEY,
  FAKE_BAIDU_SECRET,
  startFakeBaidu,
} from '../../test-support/fake-vendors/baidu-upstream.ts';
import {
  FAKE_HUNYUAN_SECRET_ID,
  FAKE_HUNYUAN_SECRET_KEY,
  startFakeHunyuan,
} from '../../test-support/fake-vendors/hunyuan-upstream.ts';
import { FAKE_SPARK_KEY, startFakeSpark } from '../../test-support/fake-vendors/spark-upstream.ts';
import {
  FAKE_ZHIPU_ID,
  FAKE_ZHIPU_SECRET,
  startFakeZhipuV3,
} from '../../test-support/fake-vendors/zhipu-v3-upstream.ts';
import { ratioQuota } from '../../test-support/relay-fixture.ts';
import { setUpRelayFixture } from '../../test-support/test-site.ts';

const { fixture } = setUpRelayFixture();

// channel type, model, built-in model ratio, built-in completion ratio (docs/reference/billing.md)
const CASES = [
  [15, 'ERNIE-4.0-8K', 8.219178, 1],
  [15, 'ERNIE-Speed-128K', 0.273973, 2],
  [26, 'glm-4', 6.849315, 1],
  [16, 'chatglm_pro', 0.684932, 1],
  [23, 'hunyuan-turbo', 6.849315, 1],
  [18, 'SparkDesk-v3.5', 1.232877, 1],
  [35, 'abab6.5s-chat', 0.684932, 1],
] as const;

const modelsOf = (type: number) =>
  CASES.filter(([caseType]) => caseType === type)
    .map(([, model]) => model)
    .join(',');

beforeAll(async () => {
  await fixture.addVendorChannel(startFakeBaidu, {
    type: 15,
    key: `${FAKE_BAIDU_API_KEY}|${FAKE_BAIDU_SECRET}`,
    models: modelsOf(15),
  });
  await fixture.addVendorChannel(startFakeZhipuV3, {
    type: 16,
    key: `${FAKE_ZHIPU_ID}.${FAKE_ZHIPU_SECRET}`,
    models: modelsOf(16),
  });
  await fixture.addVendorChannel(startFakeHunyuan, {
    type: 23,
    key: `1300000000|${FAKE_HUNYUAN_SECRET_ID}|${FAKE_HUNYUAN_SECRET_KEY}`,
    models: modelsOf(23),
  });
  await fixture.addVendorChannel(startFakeSpark, { type: 18, key: FAKE_SPARK_KEY, models: modelsOf(18) });
  await fixture.addChannel({ type: 26, key: 'zhipu-v4-key', models: modelsOf(26) });
  await fixture.addChannel({ type: 35, key: 'minimax-key', models: modelsOf(35) });
});

describe('a fresh install prices the native-protocol families', () => {
  it('has no operator-set price for them', () => {
    // The fixture never wrote ModelRatio: what the store holds is the built-in table.
    const ratios = fixture.server.context.options.getJson<Record<string, number>>('ModelRatio') ?? {};
    expect(ratios['ERNIE-4.0-8K']).toBe(8.219178);
    expect(Object.hasOwn(ratios, 'hunyuan-turbo')).toBe(false);
  });

  it.each(CASES)(
    'type %i relays %s billed at ratio %s, completion %s',
    async (_type, model, ratio, completion) => {
      const { result, spent, log } = await fixture.charged(() =>
        fixture.openai.chat.completions.create({ model, messages: [{ role: 'user', content: 'Hi' }] }),
      );
      expect(result.choices[0]?.message.content).toBeTruthy();
      const usage = result.usage!;
      expect(usage.prompt_tokens).toBeGreaterThan(0);
      const expected = ratioQuota(usage.prompt_tokens, usage.completion_tokens, ratio, completion);
      expect(expected).toBeGreaterThan(0);
      expect(log.model_name).toBe(model);
      expect(log.quota).toBe(expected);
      expect(spent).toBe(expected);
      expect(JSON.parse(String(log.other))).toMatchObject({
        model_ratio: ratio,
        completion_ratio: completion,
      });
    },
  );

  it('lists them with their built-in ratios on GET /api/pricing', async () => {
    const reply = (await (await fetch(`${fixture.server.url}/api/pricing`)).json()) as PricingReply;
    const listed = new Map((reply.data ?? []).map((entry) => [entry.model_name, entry]));
    for (const [, model, ratio, completion] of CASES) {
      expect(listed.get(model), model).toMatchObject({
        quota_type: 0,
        model_ratio: ratio,
        completion_ratio: completion,
      });
    }
  });
});
