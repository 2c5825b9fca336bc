import { describe, expect, it } from 'vitest';
import {
  formatRatio,
  LOG_CONTENT,
  logFactColumns,
  logFacts,
  logParamTexts,
  readLogFacts,
  storedLogContent,
} from './log-facts.ts';

const siteOptions = (quotaPerUnit: number, displayInCurrency: boolean) => ({
  getNumber: () => quotaPerUnit,
  getBoolean: () => displayInCurrency,
});

describe('formatRatio', () => {
  it.each([
    [1, '1'],
    [0.075, '0.075'],
    [1.25, '1.25'],
    [0.1 + 0.2, '0.3'],
    [0.123456, '0.1235'],
  ])('%s is %s', (value, expected) => {
    expect(formatRatio(value)).toBe(expected);
  });
});

describe('readLogFacts', () => {
  const redeemed = { content_key: 'log.redeemed', content_params: { quota: 100_000, code_id: 2 } };

  it('reads facts that fit their sentence', () => {
    expect(readLogFacts({ ...redeemed, model_ratio: 1 })).toEqual(redeemed);
  });

  it.each([
    ['no facts (an old row)', { model_ratio: 1.25 }],
    ['an unknown key', { content_key: 'log.unknown', content_params: {} }],
    ['a key of the object prototype', { content_key: 'toString', content_params: {} }],
    ['parameters that are not an object', { content_key: 'log.redeemed', content_params: [1, 2] }],
    ['a missing parameter', { content_key: 'log.redeemed', content_params: { quota: 1 } }],
    ['a number as text', { content_key: 'log.redeemed', content_params: { quota: '1', code_id: 2 } }],
    [
      'text as a number',
      { content_key: 'log.admin_quota_changed', content_params: { admin: 7, from: 1, to: 2 } },
    ],
    ['a non-finite number', { content_key: 'log.signup_gift', content_params: { quota: null } }],
  ])('gives null for %s', (_name, other) => {
    expect(readLogFacts(other)).toBeNull();
  });
});

describe('sentences', () => {
  it('shows each kind of parameter its own way', () => {
    const facts = logFacts('log.consume_per_call', { model_price: 0.1 + 0.2, group_ratio: 1.5 });
    expect(logParamTexts(facts, String)).toEqual({ model_price: '$0.3', group_ratio: '1.5' });
    const gift = logFacts('log.signup_gift_invited', { quota: 1_000_000, invitation_reward: 500_000 });
    expect(logParamTexts(gift, (quota) => `q${quota}`)).toEqual({
      quota: 'q1000000',
      invitation_reward: 'q500000',
    });
  });

  it('stores the Chinese sentence with quotas in the site display', () => {
    const facts = logFacts('log.admin_quota_changed', { admin: 'root', from: 0, to: 1_000_000 });
    expect(storedLogContent(facts, { quotaPerUnit: 500_000, displayInCurrency: true })).toBe(
      '管理员 root 将用户额度从 $0.00 修改为 $2.00',
    );
    expect(storedLogContent(facts, { quotaPerUnit: 500_000, displayInCurrency: false })).toBe(
      '管理员 root 将用户额度从 0 修改为 1M',
    );
  });

  it('has a placeholder in the stored sentence for every parameter and no other', () => {
    for (const [key, { params, zh }] of Object.entries(LOG_CONTENT)) {
      const placeholders = [...zh.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
      expect(placeholders, key).toEqual(Object.keys(params).sort());
    }
  });

  it('merges the facts into what `other` already keeps', () => {
    const facts = logFacts('log.task_timed_out', { platform: 'Suno', task_id: 'abc', quota: 250_000 });
    const columns = logFactColumns(siteOptions(500_000, true), facts, { task_refund: true });
    expect(columns.content).toBe('Suno 任务 abc 超时，已退还 $0.50');
    expect(JSON.parse(columns.other)).toEqual({ task_refund: true, ...facts });
  });
});
