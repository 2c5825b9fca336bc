import { afterAll, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/index.ts';
import { type RelayErrorInfo, relayErrorText, relayErrorTextKey, requestIdOf } from './relay-error-text.ts';

const quotaError: RelayErrorInfo = {
  message: 'the user quota is used up (request id: 20250101abc)',
  code: 'insufficient_user_quota',
  type: 'new_api_error',
};

async function textIn(language: 'zh' | 'en', error: RelayErrorInfo): Promise<string> {
  await i18n.changeLanguage(language);
  return relayErrorText(error, (key, values) => i18n.t(key, values ?? {}));
}

afterAll(async () => {
  await i18n.changeLanguage('zh');
});

describe('relay errors in the reader language', () => {
  it('says a gateway error in zh and en, keeping the request id', async () => {
    expect(await textIn('zh', quotaError)).toBe('用户额度不足，请充值后再试（请求 ID：20250101abc）');
    expect(await textIn('en', quotaError)).toBe(
      'Your quota cannot cover this request: top up and try again (request id: 20250101abc)',
    );
  });

  it('says a known code without a request id as the text alone', async () => {
    const error = { message: 'no price', code: 'model_price_not_configured', type: 'new_api_error' };
    expect(await textIn('zh', error)).toBe('该模型尚未配置价格，请联系管理员设置');
  });

  it('translates the upstream failures the gateway reports, whatever their type', () => {
    const error = { message: 'cut', code: 'stream_interrupted', type: 'upstream_error' };
    expect(relayErrorTextKey(error)).toBe('playground.relayError.stream_interrupted');
  });

  it.each<[string, RelayErrorInfo]>([
    ['an unknown code', { message: 'odd (request id: 1)', code: 'something_new', type: 'new_api_error' }],
    ['no code', { message: 'plain', code: null, type: null }],
    [
      "an upstream's error with a code the gateway also uses",
      { message: 'The model does not exist', code: 'model_not_found', type: 'invalid_request_error' },
    ],
    ['a name of the object prototype', { message: 'proto', code: 'constructor', type: 'new_api_error' }],
  ])('shows the server message for %s', async (_name, error) => {
    expect(relayErrorTextKey(error)).toBeNull();
    expect(await textIn('zh', error)).toBe(error.message);
  });

  it('reads the request id at the end of a message only', () => {
    expect(requestIdOf('x (request id: 42a)')).toBe('42a');
    expect(requestIdOf('x (request id: 42a) and more')).toBeNull();
    expect(requestIdOf('x')).toBeNull();
  });
});
