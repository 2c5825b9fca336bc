/**
 * The sentence of a log row in the reader's language. A row that carries the facts of its sentence in
 * `other` (common/log-facts.ts) is said from them with the `logs.content.*` texts, its quotas in the
 * reader's quota display; any other row (written before the facts existed, or by new-api) shows its
 * stored `content` as it is.
 */
import { type LogContentKey, logParamTexts, readLogFacts } from '../../../../common/log-facts.ts';

/** The console text of each sentence (its zh text is the sentence the server stores in `content`). */
export const LOG_CONTENT_TEXT_KEYS: Record<LogContentKey, string> = {
  'log.consume_per_token': 'logs.content.consumePerToken',
  'log.consume_per_call': 'logs.content.consumePerCall',
  'log.redeemed': 'logs.content.redeemed',
  'log.online_topup': 'logs.content.onlineTopup',
  'log.subscription_bought': 'logs.content.subscriptionBought',
  'log.checkin': 'logs.content.checkin',
  'log.admin_quota_changed': 'logs.content.adminQuotaChanged',
  'log.signup_gift': 'logs.content.signupGift',
  'log.signup_gift_invited': 'logs.content.signupGiftInvited',
  'log.task_failed': 'logs.content.taskFailed',
  'log.task_timed_out': 'logs.content.taskTimedOut',
  'log.channel_auto_disabled': 'logs.content.channelAutoDisabled',
  'log.channel_auto_enabled': 'logs.content.channelAutoEnabled',
  'log.channel_test_finished': 'logs.content.channelTestFinished',
};

/** A sentence to translate (an i18n key with its values) or a stored text shown as it is. */
export type LogSentence = { key: string; values: Record<string, string> } | { text: string };

/** The sentence of a row; null when the row has neither facts nor content. */
export function logSentence(
  content: string,
  other: Record<string, unknown>,
  formatQuota: (quota: number) => string,
): LogSentence | null {
  const facts = readLogFacts(other);
  if (facts)
    return { key: LOG_CONTENT_TEXT_KEYS[facts.content_key], values: logParamTexts(facts, formatQuota) };
  return content ? { text: content } : null;
}
