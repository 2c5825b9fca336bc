import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_POLICY, ERROR_CLASSES } from '../../../common/error-classes.ts';
import type { GatewayError } from '../lib/errors.ts';
import { optionDefaults } from './catalogue.ts';
import { validateOptionValue } from './validate.ts';

const current = () => '';

/** The refusal's message key, or 'ok' with the stored value. */
function outcome(key: string, value: unknown): string {
  try {
    validateOptionValue(key, typeof value === 'string' ? value : JSON.stringify(value), current);
    return 'ok';
  } catch (error) {
    return (error as GatewayError).code;
  }
}

describe('traffic options', () => {
  it('default to nothing limited, no fallbacks, the requested model, the built-in policy and no queue', () => {
    expect(
      Object.fromEntries(
        Object.entries(optionDefaults()).filter(([key]) => key.startsWith('traffic_setting.')),
      ),
    ).toEqual({
      'traffic_setting.group_limits': '{}',
      'traffic_setting.model_limits': '{}',
      'traffic_setting.fallback_models': '{}',
      'traffic_setting.fallback_reply_model': 'requested',
      'traffic_setting.error_policy': '{}',
      'traffic_setting.queue_wait_ms': '0',
      'traffic_setting.queue_max': '100',
    });
  });

  it.each([
    [
      'group_limits',
      { vip: { rpm: 600, budget: 5000000, budget_period: 'month', timezone: 'Asia/Shanghai' } },
      'ok',
    ],
    ['group_limits', { vip: {} }, 'ok'],
    ['group_limits', { vip: { rpm: '600' } }, 'option.json_group_limits'],
    ['group_limits', { vip: { rpm: -1 } }, 'option.json_group_limits'],
    ['group_limits', { vip: { tpm: 1.5 } }, 'option.json_group_limits'],
    ['group_limits', { vip: { budget_period: 'year' } }, 'option.json_group_limits'],
    ['group_limits', { vip: { timezone: 'Mars/Olympus' } }, 'option.json_group_limits'],
    ['group_limits', { vip: { rps: 1 } }, 'option.json_group_limits'],
    ['group_limits', { vip: { key_limits: { rpm: 1 } } }, 'option.json_group_limits'],
    ['group_limits', { vip: [1] }, 'option.json_group_limits'],
    ['group_limits', [], 'option.json_group_limits'],
    ['group_limits', '{"vip":', 'option.invalid_json'],
    ['model_limits', { vip: { 'gpt-4o': { tpm: 200000 } } }, 'ok'],
    ['model_limits', { vip: { rpm: 5 } }, 'option.json_model_limits'],
    ['model_limits', { vip: { 'gpt-4o': { tpm: -5 } } }, 'option.json_model_limits'],
    ['fallback_models', { default: { 'gpt-4o': ['gpt-4o-mini', 'claude-sonnet-4'] } }, 'ok'],
    ['fallback_models', { default: { 'gpt-4o': [] } }, 'ok'],
    ['fallback_models', { default: { 'gpt-4o': ['gpt-4o'] } }, 'option.json_fallback_models'],
    ['fallback_models', { default: { 'gpt-4o': ['a', ' '] } }, 'option.json_fallback_models'],
    ['fallback_models', { default: { '': ['a'] } }, 'option.json_fallback_models'],
    ['fallback_models', { default: { 'gpt-4o': ['a', 'a'] } }, 'option.json_fallback_models'],
    ['fallback_models', { default: { 'gpt-4o': ['a', 'b', 'c', 'd', 'e'] } }, 'ok'],
    [
      'fallback_models',
      { default: { 'gpt-4o': ['a', 'b', 'c', 'd', 'e', 'f'] } },
      'option.json_fallback_models',
    ],
    ['fallback_models', { default: { 'gpt-4o': 'gpt-4o-mini' } }, 'option.json_fallback_models'],
    ['fallback_reply_model', 'served', 'ok'],
    ['fallback_reply_model', 'requested', 'ok'],
    ['fallback_reply_model', 'upstream', 'option.invalid_choice'],
    ['error_policy', { rate_limited: { action: 'retry', cooldown_seconds: -1, disable: false } }, 'ok'],
    ['error_policy', DEFAULT_ERROR_POLICY, 'ok'],
    ['error_policy', { timeout: { action: 'return', cooldown_seconds: 0, disable: true } }, 'ok'],
    [
      'error_policy',
      { teapot: { action: 'retry', cooldown_seconds: 0, disable: false } },
      'option.json_error_policy',
    ],
    [
      'error_policy',
      { auth: { action: 'skip', cooldown_seconds: 0, disable: false } },
      'option.json_error_policy',
    ],
    [
      'error_policy',
      { auth: { action: 'retry', cooldown_seconds: -2, disable: false } },
      'option.json_error_policy',
    ],
    [
      'error_policy',
      { auth: { action: 'retry', cooldown_seconds: 1.5, disable: false } },
      'option.json_error_policy',
    ],
    ['error_policy', { auth: { action: 'retry', cooldown_seconds: 0 } }, 'option.json_error_policy'],
    [
      'error_policy',
      { auth: { action: 'retry', cooldown_seconds: 0, disable: 'no' } },
      'option.json_error_policy',
    ],
    [
      'error_policy',
      { auth: { action: 'retry', cooldown_seconds: 0, disable: true, x: 1 } },
      'option.json_error_policy',
    ],
    ['queue_wait_ms', '60000', 'ok'],
    ['queue_wait_ms', '60001', 'option.number_too_large'],
    ['queue_wait_ms', '-1', 'option.number_too_small'],
    ['queue_max', '10000', 'ok'],
    ['queue_max', '10001', 'option.number_too_large'],
    ['queue_max', '2.5', 'option.not_integer'],
  ])('traffic_setting.%s = %j → %s', (name, value, expected) => {
    expect(outcome(`traffic_setting.${name}`, value)).toBe(expected);
  });

  it('the default error policy names every class once, with the documented actions', () => {
    expect(Object.keys(DEFAULT_ERROR_POLICY).sort()).toEqual([...ERROR_CLASSES].sort());
    const returned = ERROR_CLASSES.filter(
      (errorClass) => DEFAULT_ERROR_POLICY[errorClass].action === 'return',
    );
    expect(returned).toEqual(['context_too_long', 'content_policy', 'bad_request']);
    const disabling = ERROR_CLASSES.filter((errorClass) => DEFAULT_ERROR_POLICY[errorClass].disable);
    expect(disabling).toEqual(['quota_exhausted', 'auth']);
    expect(DEFAULT_ERROR_POLICY.rate_limited.cooldown_seconds).toBe(-1);
    expect(DEFAULT_ERROR_POLICY.overloaded.cooldown_seconds).toBe(10);
    expect(DEFAULT_ERROR_POLICY.network.cooldown_seconds).toBe(5);
  });
});
