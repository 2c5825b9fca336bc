/**
 * The `channel_affinity_setting.*` options through the real option API (PUT/GET /api/option/), and the
 * running server's affinity (server/src/main.ts builds it on the option store) following them at once.
 */
import { describe, expect } from 'vitest';
import type { OptionEntry } from '../../../../common/api/options.ts';
import { setUpSite } from '../../test-support/test-site.ts';
import type { AffinityInput } from './affinity.ts';

const call: AffinityInput = {
  model: 'gpt-5-codex',
  usingGroup: 'default',
  path: '/v1/responses',
  headers: { 'user-agent': 'codex_exec/0.169.0' },
  body: { prompt_cache_key: 'abc', input: 'hi' },
  userId: 1,
  tokenId: 1,
};

const rules = [
  {
    name: 'codex',
    model_regex: ['^gpt-5'],
    path_regex: ['^/v1/responses$'],
    key_sources: [{ type: 'gjson', path: 'prompt_cache_key' }],
    value_regex: '',
    ttl_seconds: 120,
    include_using_group: true,
    include_rule_name: true,
  },
];

describe('channel affinity options', () => {
  const { server, root, run } = setUpSite({});

  run('are listed with new-api’s defaults', async () => {
    const listed = new Map(
      (await root.get<OptionEntry[]>('/api/option/')).body.data!.map((entry) => [entry.key, entry.value]),
    );
    expect(
      Object.fromEntries([...listed].filter(([key]) => key.startsWith('channel_affinity_setting.'))),
    ).toEqual({
      'channel_affinity_setting.enabled': 'false',
      'channel_affinity_setting.switch_on_success': 'true',
      'channel_affinity_setting.max_entries': '100000',
      'channel_affinity_setting.default_ttl_seconds': '3600',
      'channel_affinity_setting.rules': '[]',
    });
  });

  run('turn affinity on and apply new-api rules at once', async () => {
    expect(server.context.affinity.keyOf(call)).toBeNull();
    expect(
      (await root.put('/api/option/', { key: 'channel_affinity_setting.enabled', value: 'true' })).status,
    ).toBe(200);
    expect(server.context.affinity.keyOf(call)).toMatch(/^0\./);
    const saved = await root.put('/api/option/', {
      key: 'channel_affinity_setting.rules',
      value: JSON.stringify(rules),
    });
    expect(saved.body.success).toBe(true);
    expect(server.context.affinity.keyOf(call)).toMatch(/^120\./);
  });

  run.each([
    ['a pattern that does not compile', JSON.stringify([{ ...rules[0], model_regex: ['(gpt'] }])],
    ['an unknown key source', JSON.stringify([{ ...rules[0], key_sources: [{ type: 'header', key: 'x' }] }])],
    ['not a list', '{"name":"x"}'],
  ])('refuse rules with %s, saying what is expected in both languages', async (_name, value) => {
    const en = await root.put('/api/option/', { key: 'channel_affinity_setting.rules', value });
    expect(en.status).toBe(400);
    expect(en.body.message).toContain('affinity rules');
    const zh = await root
      .withHeaders({ 'Accept-Language': 'zh-CN' })
      .put('/api/option/', { key: 'channel_affinity_setting.rules', value });
    expect(zh.body.message).toContain('亲和规则');
  });

  run.each([
    ['channel_affinity_setting.max_entries', '0'],
    ['channel_affinity_setting.default_ttl_seconds', '-5'],
  ])('refuse %s = %s', async (key, value) => {
    expect((await root.put('/api/option/', { key, value })).status).toBe(400);
  });
});
