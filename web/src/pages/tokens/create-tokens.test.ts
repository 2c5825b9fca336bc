import { describe, expect, it } from 'vitest';
import type { ApiReply } from '../../../../common/api-types.ts';
import type { TokenPayload, TokenView } from '../../api/tokens.ts';
import { type CreateOutcome, createTokensInSequence, outcomeReport } from './create-tokens.ts';

const payload: TokenPayload = {
  name: 'ignored',
  remain_quota: 500_000,
  expired_time: -1,
  unlimited_quota: false,
  model_limits_enabled: false,
  model_limits: '',
  allow_ips: '',
  group: '',
};

type Step = 'ok' | 'refused' | 'throws' | 'http-error';

function fakeServer(steps: Step[]) {
  const sentNames: string[] = [];
  const create = async (body: TokenPayload): Promise<ApiReply<TokenView>> => {
    const step = steps[sentNames.length] ?? 'ok';
    sentNames.push(body.name);
    if (step === 'throws') throw new Error('network down');
    if (step === 'http-error') throw Object.assign(new Error('too many requests'), { shown: true });
    if (step === 'refused') return { success: false, message: 'Token name is too long' };
    return { success: true, message: '', data: { ...body, id: sentNames.length } as unknown as TokenView };
  };
  return { create, sentNames };
}

describe('createTokensInSequence', () => {
  it.each<[string, Step[], number, CreateOutcome, number]>([
    ['one token', ['ok'], 1, { total: 1, created: 1, failure: null, failureShown: false }, 1],
    ['three tokens', ['ok', 'ok', 'ok'], 3, { total: 3, created: 3, failure: null, failureShown: false }, 3],
    [
      'a refusal on the second',
      ['ok', 'refused', 'ok'],
      3,
      { total: 3, created: 1, failure: 'Token name is too long', failureShown: false },
      2,
    ],
    [
      'a refusal at once',
      ['refused'],
      2,
      { total: 2, created: 0, failure: 'Token name is too long', failureShown: false },
      1,
    ],
    [
      'a thrown failure',
      ['ok', 'ok', 'throws'],
      4,
      { total: 4, created: 2, failure: 'network down', failureShown: false },
      3,
    ],
    [
      'an HTTP error',
      ['http-error'],
      2,
      { total: 2, created: 0, failure: 'too many requests', failureShown: true },
      1,
    ],
  ])('%s', async (_case, steps, count, expected, calls) => {
    const server = fakeServer(steps);
    const names = Array.from({ length: count }, (_unused, index) => `name-${index}`);
    expect(await createTokensInSequence(payload, names, server.create)).toEqual(expected);
    expect(server.sentNames).toEqual(names.slice(0, calls));
  });
});

describe('outcomeReport', () => {
  it.each<[CreateOutcome, ReturnType<typeof outcomeReport>]>([
    [
      { total: 1, created: 1, failure: null, failureShown: false },
      { level: 'success', key: 'tokens.create.success', values: { count: 1 } },
    ],
    [
      { total: 3, created: 3, failure: null, failureShown: false },
      { level: 'success', key: 'tokens.create.successMany', values: { count: 3 } },
    ],
    [
      { total: 3, created: 0, failure: 'no', failureShown: false },
      { level: 'error', reason: 'no', alreadyShown: false },
    ],
    [
      { total: 1, created: 0, failure: 'no', failureShown: true },
      { level: 'error', reason: 'no', alreadyShown: true },
    ],
    [
      { total: 3, created: 2, failure: 'no', failureShown: true },
      { level: 'warning', key: 'tokens.create.partial', values: { created: 2, total: 3, reason: 'no' } },
    ],
  ])('%o is reported as %o', (outcome, expected) => {
    expect(outcomeReport(outcome)).toEqual(expected);
  });
});
