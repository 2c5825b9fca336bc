import { describe, expect, it } from 'vitest';
import {
  buildSettingPayload,
  DEFAULT_SETTING,
  parseThreshold,
  parseUserSetting,
  thresholdOptions,
  validateThreshold,
  validateWebhookUrl,
} from './user-setting-rules.ts';

describe('parseUserSetting', () => {
  it.each([
    ['', DEFAULT_SETTING],
    [null, DEFAULT_SETTING],
    ['not json', DEFAULT_SETTING],
    ['[1,2]', DEFAULT_SETTING],
    [
      '{"notify_type":"webhook","quota_warning_threshold":100000,"webhook_url":"https://h.example/x","webhook_secret":"","notification_email":"a@b.c","accept_unset_model_ratio_model":true,"record_ip_log":true}',
      {
        notify_type: 'webhook',
        quota_warning_threshold: 100_000,
        webhook_url: 'https://h.example/x',
        webhook_secret: '',
        notification_email: 'a@b.c',
        accept_unset_model_ratio_model: true,
        record_ip_log: true,
      },
    ],
    ['{"record_ip_log":"true"}', DEFAULT_SETTING],
    ['{"record_ip_log":1}', DEFAULT_SETTING],
    ['{"notify_type":"sms","quota_warning_threshold":-5}', DEFAULT_SETTING],
    ['{"quota_warning_threshold":"1000"}', DEFAULT_SETTING],
    ['{"quota_warning_threshold":0}', { ...DEFAULT_SETTING, quota_warning_threshold: 0 }],
    ['{"webhook_secret":"stored"}', DEFAULT_SETTING],
  ])('%o gives %o', (text, expected) => {
    expect(parseUserSetting(text)).toEqual(expected);
  });
});

describe('parseThreshold and validateThreshold', () => {
  it.each([
    [500_000, 500_000, null],
    ['100000', 100_000, null],
    [' 42 ', 42, null],
    ['0', 0, null],
    ['1.9', 1, null],
    ['', null, 'personal.notify.thresholdInvalid'],
    ['-1', null, 'personal.notify.thresholdInvalid'],
    ['abc', null, 'personal.notify.thresholdInvalid'],
    ['1e6', null, 'personal.notify.thresholdInvalid'],
    [null, null, 'personal.notify.thresholdInvalid'],
    [undefined, null, 'personal.notify.thresholdInvalid'],
  ])('%o parses to %o and validates to %o', (value, parsed, error) => {
    expect(parseThreshold(value)).toBe(parsed);
    expect(validateThreshold(value)).toBe(error);
  });
});

describe('validateWebhookUrl', () => {
  it.each([
    ['email', '', null],
    ['email', 'http://x', null],
    ['webhook', '', 'personal.notify.webhookUrlRequired'],
    ['webhook', '   ', 'personal.notify.webhookUrlRequired'],
    ['webhook', 'http://hooks.example.com/a', 'personal.notify.webhookHttps'],
    ['webhook', 'hooks.example.com/a', 'personal.notify.webhookHttps'],
    ['webhook', 'ftp://hooks.example.com', 'personal.notify.webhookHttps'],
    ['webhook', 'https://hooks.example.com/a?b=1', null],
    ['webhook', ' https://hooks.example.com ', null],
  ] as const)('%s %o gives %o', (type, url, expected) => {
    expect(validateWebhookUrl(type, url)).toBe(expected);
  });
});

describe('buildSettingPayload', () => {
  it.each([
    [
      {
        notify_type: 'webhook' as const,
        quota_warning_threshold: '1000000',
        webhook_url: ' https://h.example/x ',
        webhook_secret: 's3cret',
        notification_email: ' ',
        accept_unset_model_ratio_model: true,
        record_ip_log: true,
      },
      {
        notify_type: 'webhook',
        quota_warning_threshold: 1_000_000,
        webhook_url: 'https://h.example/x',
        webhook_secret: 's3cret',
        notification_email: '',
        accept_unset_model_ratio_model: true,
        record_ip_log: true,
      },
    ],
    [
      { ...DEFAULT_SETTING, quota_warning_threshold: 'oops', notification_email: ' me@x.io ' },
      { ...DEFAULT_SETTING, notification_email: 'me@x.io' },
    ],
  ])('%o is sent as %o', (values, expected) => {
    expect(buildSettingPayload(values)).toEqual(expected);
  });
});

describe('thresholdOptions', () => {
  it.each([
    [500_000, ['100000 ($0.20)', '500000 ($1.00)', '1000000 ($2.00)', '5000000 ($10.00)']],
    [0, ['100000 ($0.20)', '500000 ($1.00)', '1000000 ($2.00)', '5000000 ($10.00)']],
    [1_000_000, ['100000 ($0.10)', '500000 ($0.50)', '1000000 ($1.00)', '5000000 ($5.00)']],
  ])('at %i quota per unit', (perUnit, labels) => {
    const options = thresholdOptions(perUnit);
    expect(options.map((option) => option.label)).toEqual(labels);
    expect(options.map((option) => option.value)).toEqual(['100000', '500000', '1000000', '5000000']);
  });
});
