import { describe, expect, it } from 'vitest';
import { DEFAULT_ERROR_POLICY } from '../../../../common/error-classes.ts';
import type { CachedChannel } from '../cache/channel-cache.ts';
import { readFormatFailure, retryAfterSeconds } from '../call/attempt.ts';
import type { UpstreamCodec } from '../canonical/codec.ts';
import { claudeCodec } from '../formats/claude/codec.ts';
import { geminiCodec } from '../formats/gemini/codec.ts';
import { openAiChatCodec } from '../formats/openai/chat-codec.ts';
import {
  classifyFailure,
  cooldownSeconds,
  ErrorPolicies,
  MAX_RETRY_AFTER_SECONDS,
  mergePolicies,
} from './error-class.ts';

const channel = { key: 'sk-secret-key-123456', statusCodeMapping: {} } as unknown as CachedChannel;

/** The class of a vendor's error reply as the relay reads it (its codec, then classifyFailure). */
function classOf(codec: UpstreamCodec, status: number, body: unknown, headers = {}): string {
  return classifyFailure(readFormatFailure(codec, status, JSON.stringify(body), channel, headers));
}

const openAi = (message: string, type: string, code: string | null) => ({
  error: { message, type, param: null, code },
});
const claude = (type: string, message: string) => ({ type: 'error', error: { type, message } });
const gemini = (code: number, status: string, message: string, details?: unknown[]) => ({
  error: { code, message, status, ...(details ? { details } : {}) },
});
const RETRY_INFO = [
  {
    '@type': 'type.googleapis.com/google.rpc.QuotaFailure',
    violations: [{ quotaId: 'GenerateRequestsPerMinutePerProjectPerModel-FreeTier' }],
  },
  { '@type': 'type.googleapis.com/google.rpc.RetryInfo', retryDelay: '37s' },
];

describe('classifyFailure: OpenAI error replies', () => {
  it.each([
    [
      429,
      openAi('Rate limit reached for gpt-4o on requests per min (RPM)', 'requests', 'rate_limit_exceeded'),
      'rate_limited',
    ],
    [
      429,
      openAi('Rate limit reached on tokens per min (TPM)', 'tokens', 'rate_limit_exceeded'),
      'rate_limited',
    ],
    [
      429,
      openAi(
        'You exceeded your current quota, please check your plan and billing details.',
        'insufficient_quota',
        'insufficient_quota',
      ),
      'quota_exhausted',
    ],
    [
      400,
      openAi(
        "This model's maximum context length is 128000 tokens.",
        'invalid_request_error',
        'context_length_exceeded',
      ),
      'context_too_long',
    ],
    [
      400,
      openAi(
        'Your request was rejected as a result of our safety system.',
        'invalid_request_error',
        'content_policy_violation',
      ),
      'content_policy',
    ],
    [
      400,
      openAi(
        'The response was filtered due to the prompt triggering content management policy.',
        'invalid_request_error',
        'content_filter',
      ),
      'content_policy',
    ],
    [
      400,
      openAi('Unrecognized request argument supplied: foo', 'invalid_request_error', null),
      'bad_request',
    ],
    [401, openAi('Incorrect API key provided', 'invalid_request_error', 'invalid_api_key'), 'auth'],
    [
      403,
      openAi(
        'Country, region, or territory not supported',
        'request_forbidden',
        'unsupported_country_region_territory',
      ),
      'auth',
    ],
    [
      404,
      openAi('The model `gpt-5x` does not exist', 'invalid_request_error', 'model_not_found'),
      'not_found',
    ],
    [
      500,
      openAi('The server had an error while processing your request.', 'server_error', null),
      'server_error',
    ],
    [
      503,
      openAi('The engine is currently overloaded, please try again later', 'server_error', null),
      'overloaded',
    ],
    [503, openAi('Slow down', 'server_error', 'slow_down'), 'overloaded'],
  ])('%i %j → %s', (status, body, expected) => {
    expect(classOf(openAiChatCodec, status, body)).toBe(expected);
  });
});

describe('classifyFailure: Anthropic error replies', () => {
  it.each([
    [
      400,
      claude('invalid_request_error', 'prompt is too long: 210000 tokens > 200000 maximum'),
      'context_too_long',
    ],
    [400, claude('invalid_request_error', 'messages: roles must alternate'), 'bad_request'],
    [400, claude('invalid_request_error', 'Output blocked by content filtering policy'), 'content_policy'],
    [401, claude('authentication_error', 'invalid x-api-key'), 'auth'],
    [402, claude('billing_error', 'Your credit balance is too low'), 'quota_exhausted'],
    [403, claude('permission_error', 'Your API key does not have permission'), 'auth'],
    [404, claude('not_found_error', 'model: claude-x'), 'not_found'],
    [
      413,
      claude('request_too_large', 'Request exceeds the maximum allowed number of bytes.'),
      'context_too_long',
    ],
    [
      429,
      claude('rate_limit_error', 'Number of request tokens has exceeded your per-minute rate limit'),
      'rate_limited',
    ],
    [500, claude('api_error', 'Internal server error'), 'server_error'],
    [504, claude('timeout_error', 'Request timed out'), 'timeout'],
    [529, claude('overloaded_error', 'Overloaded'), 'overloaded'],
  ])('%i %j → %s', (status, body, expected) => {
    expect(classOf(claudeCodec, status, body)).toBe(expected);
  });
});

describe('classifyFailure: Gemini error replies', () => {
  it.each([
    [
      429,
      gemini(
        429,
        'RESOURCE_EXHAUSTED',
        'You exceeded your current quota, please check your plan and billing details. Please retry in 37.5s.',
        RETRY_INFO,
      ),
      'rate_limited',
    ],
    [
      429,
      gemini(429, 'RESOURCE_EXHAUSTED', 'Resource has been exhausted (e.g. check quota).'),
      'rate_limited',
    ],
    [
      429,
      gemini(
        429,
        'RESOURCE_EXHAUSTED',
        'Your prepayment credits are depleted. Please go to AI Studio to manage your project and billing.',
      ),
      'quota_exhausted',
    ],
    [503, gemini(503, 'UNAVAILABLE', 'The model is overloaded. Please try again later.'), 'overloaded'],
    [
      400,
      gemini(
        400,
        'INVALID_ARGUMENT',
        'The input token count (1200000) exceeds the maximum number of tokens allowed (1048576).',
      ),
      'context_too_long',
    ],
    [
      400,
      gemini(400, 'INVALID_ARGUMENT', 'Invalid JSON payload received. Unknown name "foo"'),
      'bad_request',
    ],
    [400, gemini(400, 'INVALID_ARGUMENT', 'API key not valid. Please pass a valid API key.'), 'auth'],
    [400, gemini(400, 'FAILED_PRECONDITION', 'User location is not supported for the API use.'), 'auth'],
    [403, gemini(403, 'PERMISSION_DENIED', "Method doesn't allow unregistered callers"), 'auth'],
    [401, gemini(401, 'UNAUTHENTICATED', 'Request had invalid authentication credentials.'), 'auth'],
    [404, gemini(404, 'NOT_FOUND', 'models/gemini-9 is not found'), 'not_found'],
    [500, gemini(500, 'INTERNAL', 'An internal error has occurred.'), 'server_error'],
    [504, gemini(504, 'DEADLINE_EXCEEDED', 'Deadline expired before operation could complete.'), 'timeout'],
  ])('%i %j → %s', (status, body, expected) => {
    expect(classOf(geminiCodec, status, body)).toBe(expected);
  });
});

describe('classifyFailure: connections, gateways, mapped statuses', () => {
  it.each([
    [{ status: 0, code: 'ECONNREFUSED', message: 'refused' }, 'network'],
    [{ status: 0, code: 'UND_ERR_SOCKET', message: 'other side closed' }, 'network'],
    [{ status: 0, code: 'UND_ERR_HEADERS_TIMEOUT', message: 'headers timeout' }, 'timeout'],
    [{ status: 0, code: 'UND_ERR_BODY_TIMEOUT', message: 'body timeout' }, 'timeout'],
    [{ status: 0, code: 'channel_misconfigured', message: 'cannot serve' }, 'not_found'],
    [{ status: 504, message: 'Gateway Timeout' }, 'timeout'],
    [{ status: 524, message: 'A timeout occurred' }, 'timeout'],
    [{ status: 408, message: 'Request Timeout' }, 'timeout'],
    [{ status: 502, message: '<html>Bad Gateway</html>' }, 'server_error'],
    [{ status: 502, code: 'upstream_redirect', message: 'redirect' }, 'server_error'],
    [{ status: 422, message: 'unprocessable' }, 'bad_request'],
  ])('%j → %s', (failure, expected) => {
    expect(classifyFailure(failure)).toBe(expected);
  });

  it('classifies a status the channel maps by the mapped status alone', () => {
    const mapped = { ...channel, statusCodeMapping: { '400': '500' } } as unknown as CachedChannel;
    const body = openAi('too long', 'invalid_request_error', 'context_length_exceeded');
    const failure = readFormatFailure(openAiChatCodec, 400, JSON.stringify(body), mapped);
    expect(failure.status).toBe(500);
    expect(classifyFailure(failure)).toBe('server_error');
  });

  it('keeps secrets out of the message it reads', () => {
    const body = openAi(
      'Incorrect API key provided: sk-secret-key-123456',
      'invalid_request_error',
      'invalid_api_key',
    );
    const failure = readFormatFailure(openAiChatCodec, 401, JSON.stringify(body), channel);
    expect(failure.message).not.toContain('sk-secret-key-123456');
  });
});

describe('retryAfterSeconds', () => {
  it.each([
    [{ 'retry-after': '20' }, '', 20],
    [{ 'retry-after-ms': '1500' }, '', 1.5],
    [{ 'retry-after-ms': '1500', 'retry-after': '9' }, '', 1.5],
    [{ 'retry-after': ['7', '8'] }, '', 7],
    [{}, JSON.stringify(gemini(429, 'RESOURCE_EXHAUSTED', 'retry', RETRY_INFO)), 37],
    [{}, '{"error":{"details":[{"retryDelay":"0.5s"}]}}', 0.5],
    [{}, '{"error":{"message":"no delay"}}', undefined],
    [{ 'retry-after': 'soon' }, '', undefined],
  ])('%j %s → %s', (headers, text, expected) => {
    expect(retryAfterSeconds(headers, text)).toBe(expected);
  });

  it('reads an HTTP date', () => {
    const date = new Date(Date.now() + 30_000).toUTCString();
    const seconds = retryAfterSeconds({ 'retry-after': date }, '');
    expect(seconds).toBeGreaterThan(25);
    expect(seconds).toBeLessThanOrEqual(30);
  });

  it('makes a Gemini RetryInfo a rate limit with its delay', () => {
    const body = JSON.stringify(gemini(429, 'RESOURCE_EXHAUSTED', 'quota', RETRY_INFO));
    const failure = readFormatFailure(geminiCodec, 429, body, channel);
    expect(failure).toMatchObject({ retryAfterSeconds: 37, code: 'RESOURCE_EXHAUSTED' });
    expect(classifyFailure(failure)).toBe('rate_limited');
  });
});

describe('error policy', () => {
  it('merges stored overrides over the defaults, class by class and field by field', () => {
    const merged = mergePolicies({
      timeout: { action: 'return', cooldown_seconds: 0, disable: false },
      rate_limited: { cooldown_seconds: 30 },
      unknown_class: { action: 'return' },
      overloaded: { action: 'sometimes', cooldown_seconds: -5, disable: 'yes' },
    });
    expect(merged.timeout).toEqual({ action: 'return', cooldown_seconds: 0, disable: false });
    expect(merged.rate_limited).toEqual({ ...DEFAULT_ERROR_POLICY.rate_limited, cooldown_seconds: 30 });
    expect(merged.overloaded).toEqual(DEFAULT_ERROR_POLICY.overloaded);
    expect(merged.bad_request).toEqual(DEFAULT_ERROR_POLICY.bad_request);
    expect(mergePolicies(null)).toBe(DEFAULT_ERROR_POLICY);
    expect(mergePolicies([1])).toBe(DEFAULT_ERROR_POLICY);
  });

  it('reads the option again only when the store changed', () => {
    let stored: unknown = {};
    let reads = 0;
    const options = {
      revision: 1,
      getJson: <T>() => {
        reads += 1;
        return stored as T;
      },
    };
    const policies = new ErrorPolicies(options);
    expect(policies.of('timeout').action).toBe('retry');
    expect(policies.of('bad_request').action).toBe('return');
    expect(reads).toBe(1);
    stored = { timeout: { action: 'return', cooldown_seconds: 0, disable: false } };
    expect(policies.of('timeout').action).toBe('retry');
    options.revision = 2;
    expect(policies.of('timeout').action).toBe('return');
    expect(reads).toBe(2);
  });

  it.each([
    [{ action: 'retry', cooldown_seconds: -1, disable: false }, 20, 20],
    [{ action: 'retry', cooldown_seconds: -1, disable: false }, 86_400, MAX_RETRY_AFTER_SECONDS],
    [{ action: 'retry', cooldown_seconds: -1, disable: false }, undefined, 0],
    [{ action: 'retry', cooldown_seconds: 10, disable: false }, 99, 10],
    [{ action: 'retry', cooldown_seconds: 0, disable: false }, 99, 0],
  ] as const)('cooldown of %j with Retry-After %s → %i s', (policy, after, expected) => {
    expect(cooldownSeconds(policy, { status: 429, message: '', retryAfterSeconds: after })).toBe(expected);
  });
});
