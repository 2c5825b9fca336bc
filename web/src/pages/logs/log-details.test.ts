import { describe, expect, it } from 'vitest';
import {
  channelsTried,
  type DetailRow,
  firstTokenMilliseconds,
  logDetailRows,
  mappedUpstreamModel,
  parseLogOther,
} from './log-details.ts';

describe('parseLogOther', () => {
  it.each([
    ['', {}],
    [null, {}],
    [undefined, {}],
    ['not json', {}],
    ['[1,2]', {}],
    ['42', {}],
    ['null', {}],
    ['{"frt":120,"model_ratio":1.25}', { frt: 120, model_ratio: 1.25 }],
  ])('%s gives %o', (input, expected) => {
    expect(parseLogOther(input)).toEqual(expected);
  });
});

describe('firstTokenMilliseconds', () => {
  it.each([
    [{}, null],
    [{ frt: 0 }, null],
    [{ frt: -1 }, null],
    [{ frt: '300' }, null],
    [{ frt: 1530 }, 1530],
  ])('%o gives %s', (other, expected) => {
    expect(firstTokenMilliseconds(other)).toBe(expected);
  });
});

describe('mappedUpstreamModel', () => {
  it.each([
    [{}, null],
    [{ upstream_model_name: 'gpt-4o-2024-08-06' }, null],
    [{ is_model_mapped: true }, null],
    [{ is_model_mapped: true, upstream_model_name: '' }, null],
    [{ is_model_mapped: true, upstream_model_name: 'gpt-4o-2024-08-06' }, 'gpt-4o-2024-08-06'],
  ])('%o gives %s', (other, expected) => {
    expect(mappedUpstreamModel(other)).toBe(expected);
  });
});

describe('channelsTried', () => {
  it.each([
    [{}, []],
    [{ admin_info: null }, []],
    [{ admin_info: { use_channel: 'x' } }, []],
    [{ admin_info: { use_channel: [3] } }, [3]],
    [{ admin_info: { use_channel: [3, '7', 0, 'x'] } }, [3, 7]],
  ])('%o gives %o', (other, expected) => {
    expect(channelsTried(other)).toEqual(expected);
  });
});

const base = { model_name: 'gpt-4o', content: '', ip: '' };
/** A quota formatter whose output shows that it was used. */
const quota = (value: number) => `quota:${value}`;

function labels(rows: DetailRow[]): string[] {
  return rows.map((row) => row.label);
}

describe('logDetailRows', () => {
  it.each<[string, Record<string, unknown>, boolean, string[]]>([
    ['no details', {}, false, []],
    [
      'per-token pricing',
      { model_ratio: 1.25, completion_ratio: 4, group_ratio: 1, model_price: -1 },
      false,
      [
        'logs.detail.billing',
        'logs.detail.modelRatio',
        'logs.detail.completionRatio',
        'logs.detail.groupRatio',
      ],
    ],
    [
      'per-call pricing ignores the zero ratios',
      { model_price: 0.04, model_ratio: 0, completion_ratio: 0, group_ratio: 1.5 },
      false,
      ['logs.detail.billing', 'logs.detail.modelPrice', 'logs.detail.groupRatio'],
    ],
    [
      'an exclusive user-group ratio',
      { model_ratio: 1, group_ratio: 2, user_group_ratio: 0.5, model_price: -1 },
      false,
      [
        'logs.detail.billing',
        'logs.detail.modelRatio',
        'logs.detail.groupRatio',
        'logs.detail.userGroupRatio',
      ],
    ],
    [
      'user_group_ratio -1 means none',
      { group_ratio: 2, user_group_ratio: -1 },
      false,
      ['logs.detail.groupRatio'],
    ],
    [
      'cache and cache-creation tokens',
      { cache_tokens: 100, cache_ratio: 0.5, cache_creation_tokens: 20, cache_creation_ratio: 1.25 },
      false,
      [
        'logs.detail.cacheTokens',
        'logs.detail.cacheRatio',
        'logs.detail.cacheCreationTokens',
        'logs.detail.cacheCreationRatio',
      ],
    ],
    ['zero cache tokens are not shown', { cache_tokens: 0, cache_ratio: 0.5 }, false, []],
    [
      'audio fields',
      {
        audio: true,
        audio_input: 10,
        audio_output: 5,
        text_input: 20,
        text_output: 3,
        audio_ratio: 16,
        audio_completion_ratio: 2,
      },
      false,
      [
        'logs.detail.audioInput',
        'logs.detail.audioOutput',
        'logs.detail.textInput',
        'logs.detail.textOutput',
        'logs.detail.audioRatio',
        'logs.detail.audioCompletionRatio',
      ],
    ],
    ['audio ratios alone are not audio usage', { audio_ratio: 16 }, false, []],
    [
      'request facts',
      {
        claude: true,
        reasoning_effort: 'high',
        frt: 850,
        is_model_mapped: true,
        upstream_model_name: 'gpt-4o-2024-08-06',
        client_type: 'curl',
        request_id: 'req-1',
      },
      false,
      [
        'logs.detail.format',
        'logs.detail.reasoningEffort',
        'logs.detail.firstTokenTime',
        'logs.detail.requestModel',
        'logs.detail.upstreamModel',
        'logs.detail.clientType',
        'logs.detail.requestId',
      ],
    ],
    ['channels tried are hidden from users', { admin_info: { use_channel: [1, 2] } }, false, []],
    [
      'channels tried are shown to admins',
      { admin_info: { use_channel: [1, 2] } },
      true,
      ['logs.detail.channelsTried'],
    ],
  ])('%s', (_name, other, admin, expected) => {
    expect(labels(logDetailRows({ ...base, other: JSON.stringify(other) }, admin, quota))).toEqual(expected);
  });

  it('formats the values', () => {
    const rows = logDetailRows(
      {
        model_name: 'gpt-4o',
        content: 'model ratio 1.25',
        ip: '10.0.0.9',
        other: JSON.stringify({
          model_price: 0.04,
          group_ratio: 1.5,
          frt: 1530,
          is_model_mapped: true,
          upstream_model_name: 'gpt-4o-2024-08-06',
          admin_info: { use_channel: [4, 9] },
        }),
      },
      true,
      quota,
    );
    expect(rows).toEqual([
      { label: 'logs.detail.billing', value: { key: 'logs.detail.perCall' } },
      { label: 'logs.detail.modelPrice', value: { text: '$0.04' } },
      { label: 'logs.detail.groupRatio', value: { text: '1.5' } },
      {
        label: 'logs.detail.firstTokenTime',
        value: { key: 'logs.detail.seconds', values: { value: '1.5' } },
      },
      { label: 'logs.detail.requestModel', value: { text: 'gpt-4o' } },
      { label: 'logs.detail.upstreamModel', value: { text: 'gpt-4o-2024-08-06' } },
      { label: 'logs.detail.channelsTried', value: { text: '4 → 9' } },
      { label: 'logs.detail.ip', value: { text: '10.0.0.9' } },
      { label: 'logs.detail.content', value: { text: 'model ratio 1.25' } },
    ]);
  });

  it('shows the realtime format and only the content for a non-consumption row', () => {
    expect(labels(logDetailRows({ ...base, other: '{"ws":true}' }, false, quota))).toEqual([
      'logs.detail.format',
    ]);
    expect(logDetailRows({ ...base, content: 'Redeemed $10', other: '' }, false, quota)).toEqual([
      { label: 'logs.detail.content', value: { text: 'Redeemed $10' } },
    ]);
  });

  it('says the content from the facts of a row that has them, its quotas through the formatter', () => {
    const other = JSON.stringify({
      content_key: 'log.redeemed',
      content_params: { quota: 100_000, code_id: 2 },
    });
    expect(
      logDetailRows({ ...base, content: '使用兑换码充值 $0.20（兑换码 #2）', other }, false, quota),
    ).toEqual([
      {
        label: 'logs.detail.content',
        value: { key: 'logs.content.redeemed', values: { quota: 'quota:100000', code_id: '2' } },
      },
    ]);
  });
});

describe('tier and tool lines (docs/reference/pricing-tiers.md "Log row")', () => {
  const quota = (value: number) => `Q${value}`;
  const rowsOf = (other: Record<string, unknown>) =>
    logDetailRows({ model_name: 'm', content: '', ip: '', other: JSON.stringify(other) }, false, quota);

  it('shows the tier that priced the call with its range and prices', () => {
    const rows = rowsOf({
      model_ratio: 1.25,
      model_price: -1,
      billing_mode: 'tiered_expr',
      tier: { name: 'long', ranges: [{ from: 200001, to: null }], prices: { p: 2.5, c: 15 }, fixed: null },
    });
    expect(rows.find((row) => row.label === 'logs.detail.tier')?.value).toEqual({
      key: 'logs.detail.tierValue',
      values: { name: 'long', range: '200001+', prices: 'p $2.5 · c $15' },
    });
  });

  it('shows a fixed tier per call', () => {
    const rows = rowsOf({
      billing_mode: 'tiered_expr',
      tier: { name: 'short', ranges: [{ from: 0, to: 1000 }], prices: {}, fixed: 0.01 },
    });
    expect(rows.find((row) => row.label === 'logs.detail.tier')?.value).toEqual({
      key: 'logs.detail.tierFixed',
      values: { name: 'short', range: '0–1000', prices: '$0.01' },
    });
  });

  it('shows every tool line in one row, and nothing without them', () => {
    const rows = rowsOf({
      tool_lines: [
        { tool: 'web_search', count: 2, price: 10, quota: 10000 },
        { tool: 'file_search', count: 1, price: 2.5, quota: 1250 },
      ],
    });
    expect(rows.find((row) => row.label === 'logs.detail.toolLines')?.value).toEqual({
      text: 'web_search × 2 @ $10/1K = Q10000; file_search × 1 @ $2.5/1K = Q1250',
    });
    expect(rowsOf({ model_ratio: 1 }).some((row) => row.label.startsWith('logs.detail.t'))).toBe(false);
  });
});
