import { afterAll, describe, expect, it } from 'vitest';
import { LOG_CONTENT, type LogContentKey } from '../../../../common/log-facts.ts';
import { i18n } from '../../i18n/index.ts';
import logsZh from '../../i18n/parts/logs.zh.json';
import { LOG_CONTENT_TEXT_KEYS, type LogSentence, logSentence } from './log-content.ts';

const dollars = (quota: number) => `$${(quota / 500_000).toFixed(2)}`;

async function say(sentence: LogSentence | null, language: 'zh' | 'en'): Promise<string | null> {
  if (!sentence) return null;
  await i18n.changeLanguage(language);
  return 'text' in sentence ? sentence.text : i18n.t(sentence.key, sentence.values);
}

afterAll(async () => {
  await i18n.changeLanguage('zh');
});

describe('logSentence', () => {
  it('keeps the console zh text of every sentence equal to the sentence the server stores', () => {
    const zhTexts: Record<string, string> = logsZh.logs.content;
    for (const key of Object.keys(LOG_CONTENT) as LogContentKey[]) {
      const textKey = LOG_CONTENT_TEXT_KEYS[key].replace('logs.content.', '');
      expect(zhTexts[textKey], key).toBe(LOG_CONTENT[key].zh);
    }
  });

  it.each<[string, Record<string, unknown>, string, string]>([
    [
      'a per-token consumption',
      {
        model_ratio: 1.25,
        content_key: 'log.consume_per_token',
        content_params: { model_ratio: 1.25, completion_ratio: 4, group_ratio: 1 },
      },
      '模型倍率 1.25，补全倍率 4，分组倍率 1',
      'model ratio 1.25, completion ratio 4, group ratio 1',
    ],
    [
      'a redemption',
      { content_key: 'log.redeemed', content_params: { quota: 100_000, code_id: 2 } },
      '使用兑换码充值 $0.20（兑换码 #2）',
      'Redeemed a code: +$0.20 (code #2)',
    ],
    [
      'a quota change by an administrator',
      {
        content_key: 'log.admin_quota_changed',
        content_params: { admin: 'root', from: 0, to: 5_000_000 },
      },
      '管理员 root 将用户额度从 $0.00 修改为 $10.00',
      'Administrator root changed the quota from $0.00 to $10.00',
    ],
  ])('says %s in the reader language', async (_name, other, zh, en) => {
    const sentence = logSentence('stored text', other, dollars);
    expect(await say(sentence, 'zh')).toBe(zh);
    expect(await say(sentence, 'en')).toBe(en);
  });

  it('shows the stored content of a row without facts or with facts that do not fit', async () => {
    expect(await say(logSentence('模型倍率 1.00', { model_ratio: 1 }, dollars), 'en')).toBe('模型倍率 1.00');
    const broken = { content_key: 'log.redeemed', content_params: { quota: 'lots' } };
    expect(await say(logSentence('Redeemed a code', broken, dollars), 'zh')).toBe('Redeemed a code');
    expect(logSentence('', {}, dollars)).toBeNull();
  });
});
