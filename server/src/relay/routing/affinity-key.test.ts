/**
 * The built-in recognition of ./affinity-key.ts on the requests the real clients send. The headers and
 * bodies below were recorded by running @anthropic-ai/claude-code 2.1.197, @openai/codex 0.169.0 and
 * @google/gemini-cli 0.61.0 (node_modules) against a local HTTP server that stored each request; long
 * prompts are shortened, identifiers kept.
 */
import { describe, expect, it } from 'vitest';
import type { AffinityInput } from './affinity.ts';
import {
  type BuiltInValue,
  builtInValue,
  claudeMetadataSession,
  PREFIX_BUDGET,
  prefixHash,
} from './affinity-key.ts';

const CLAUDE_SESSION = 'ed776b3f-f20c-4553-9174-15b962815798';
const CODEX_THREAD = '01a21ed5-2c82-71e0-bf4b-9f7f08f96d01';

const claudeCode = {
  path: '/v1/messages',
  headers: {
    'user-agent': 'claude-cli/2.1.197 (external, sdk-cli)',
    'x-claude-code-session-id': CLAUDE_SESSION,
    'x-app': 'cli',
    'anthropic-version': '2023-06-01',
  },
  body: {
    model: 'claude-opus-4-8',
    system: [{ type: 'text', text: 'You are Claude Code, …', cache_control: { type: 'ephemeral' } }],
    messages: [{ role: 'user', content: [{ type: 'text', text: 'hello there' }] }],
    metadata: {
      user_id: JSON.stringify({
        device_id: '6e84e1e1c291b09e',
        account_uuid: '',
        session_id: CLAUDE_SESSION,
      }),
    },
    max_tokens: 64000,
    stream: true,
  },
};

const codex = {
  path: '/v1/responses',
  headers: {
    'user-agent': 'codex_exec/0.169.0 (Debian 12.0.0; x86_64) xterm (codex_exec; 0.169.0)',
    originator: 'codex_exec',
    'session-id': CODEX_THREAD,
    'thread-id': CODEX_THREAD,
    'x-client-request-id': CODEX_THREAD,
  },
  body: {
    model: 'gpt-6.1-sol',
    stream: true,
    input: [
      { type: 'message', role: 'developer', content: [{ type: 'input_text', text: '<permissions …>' }] },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'hello there' }] },
    ],
    store: false,
    prompt_cache_key: CODEX_THREAD,
    client_metadata: { session_id: CODEX_THREAD, thread_id: CODEX_THREAD },
  },
};

const geminiCli = {
  path: '/v1beta/models/gemini-3.5-flash-lite:generateContent',
  headers: {
    'user-agent': 'GeminiCLI-tui/0.61.0/gemini-3.1-pro-preview (linux; x64; terminal)',
    'x-goog-api-client': 'google-genai-sdk/1.30.0 gl-node/v20.20.2',
    'x-gemini-api-privileged-user-id': 'b9205782-6162-4cb6-b148-e66a1082fb95',
  },
  body: {
    contents: [{ role: 'user', parts: [{ text: 'hello there' }] }],
    systemInstruction: { parts: [{ text: 'You are a routing classifier …' }] },
    generationConfig: { temperature: 1 },
  },
};

function input(request: { path: string; headers: AffinityInput['headers']; body: AffinityInput['body'] }) {
  return { model: 'm', usingGroup: 'default', userId: 1, tokenId: 2, ...request } satisfies AffinityInput;
}

const chat = (body: Record<string, unknown>, headers: AffinityInput['headers'] = {}) =>
  input({ path: '/v1/chat/completions', headers, body: { model: 'gpt-4o', ...body } });

const firstTurn = [
  { role: 'system', content: 'Be brief.' },
  { role: 'user', content: 'What is a monad?' },
];

describe('built-in recognition', () => {
  const prefixOfFirstTurn = prefixHash({ messages: firstTurn });
  const cases: [string, AffinityInput, BuiltInValue | null][] = [
    [
      'Claude Code: its session header',
      input(claudeCode),
      { source: 'claude_code_session', value: CLAUDE_SESSION },
    ],
    [
      'Claude Code without the header: metadata.user_id (2.1 JSON)',
      input({ ...claudeCode, headers: {} }),
      { source: 'claude_code_session', value: CLAUDE_SESSION },
    ],
    [
      'Claude Code before 2.1: metadata.user_id user_…_account_…_session_<uuid>',
      input({
        path: '/v1/messages',
        headers: {},
        body: { metadata: { user_id: `user_abc123_account__session_${CLAUDE_SESSION}` }, messages: [] },
      }),
      { source: 'claude_code_session', value: CLAUDE_SESSION },
    ],
    ['Codex: prompt_cache_key', input(codex), { source: 'prompt_cache_key', value: CODEX_THREAD }],
    [
      'Codex without prompt_cache_key: its session-id header',
      input({ ...codex, body: { ...codex.body, prompt_cache_key: undefined } }),
      { source: 'session_header', value: CODEX_THREAD },
    ],
    [
      'older Codex: conversation_id header',
      chat({ messages: firstTurn }, { conversation_id: 'c-1' }),
      { source: 'session_header', value: 'c-1' },
    ],
    [
      'generic x-session-id',
      chat({ messages: firstTurn }, { 'x-session-id': 's-9' }),
      {
        source: 'session_header',
        value: 's-9',
      },
    ],
    [
      'Gemini CLI sends no session: the conversation prefix',
      input(geminiCli),
      { source: 'conversation_prefix', value: prefixHash(geminiCli.body) },
    ],
    [
      'OpenAI chat prompt_cache_key',
      chat({ prompt_cache_key: 'pck', messages: firstTurn }),
      {
        source: 'prompt_cache_key',
        value: 'pck',
      },
    ],
    [
      'previous_response_id: the stored response pins the call, affinity steps aside',
      input({
        path: '/v1/responses',
        headers: {},
        body: { previous_response_id: 'resp_1', prompt_cache_key: 'x' },
      }),
      null,
    ],
    [
      'plain chat: prefix',
      chat({ messages: firstTurn }),
      { source: 'conversation_prefix', value: prefixOfFirstTurn },
    ],
    ['no user message: nothing', chat({ messages: [{ role: 'system', content: 'x' }] }), null],
    ['embeddings: nothing', input({ path: '/v1/embeddings', headers: {}, body: { input: 42 } }), null],
    ['an id too long to be a session is not one', chat({ prompt_cache_key: 'k'.repeat(600) }), null],
  ];
  it.each(cases)('%s', (_name, call, expected) => {
    expect(builtInValue(call)).toEqual(expected);
  });
});

describe('the conversation prefix', () => {
  it('stays the same as the conversation grows and cache markers move', () => {
    const later = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'What is a monad?' },
      { role: 'assistant', content: 'A monoid in …' },
      { role: 'user', content: 'Example?' },
    ];
    expect(prefixHash({ messages: later })).toBe(prefixHash({ messages: firstTurn }));
    const marked = (cache: boolean) => ({
      system: [{ type: 'text', text: 'sys', ...(cache ? { cache_control: { type: 'ephemeral' } } : {}) }],
      messages: [{ role: 'user', content: 'hi' }],
    });
    expect(prefixHash(marked(true))).toBe(prefixHash(marked(false)));
  });

  it.each([
    ['another system prompt', { messages: [{ role: 'system', content: 'Be long.' }, firstTurn[1]] }],
    ['another first message', { messages: [firstTurn[0], { role: 'user', content: 'What is a functor?' }] }],
  ])('differs with %s', (_name, body) => {
    expect(prefixHash(body)).not.toBe(prefixHash({ messages: firstTurn }));
  });

  it('reads the same four formats: Responses string input, Anthropic, Gemini', () => {
    expect(prefixHash({ instructions: 'sys', input: 'hi' })).toMatch(/^[0-9a-f]{64}$/);
    expect(prefixHash({ system: 'sys', messages: [{ role: 'user', content: 'hi' }] })).toMatch(
      /^[0-9a-f]{64}$/,
    );
    expect(prefixHash({ contents: [{ parts: [{ text: 'hi' }] }] })).toMatch(/^[0-9a-f]{64}$/);
  });

  it('looks at the head of a long message list only', () => {
    const system = { role: 'system', content: 's' };
    const long = { messages: [...Array.from({ length: 100_000 }, () => system), firstTurn[1]] };
    expect(prefixHash(long)).toBe('');
    const short = { messages: [...Array.from({ length: 3 }, () => system), firstTurn[1]] };
    expect(prefixHash(short)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('reads a bounded part of a huge first message (the same hash past the budget)', () => {
    const huge = (tail: string) => ({
      messages: [{ role: 'user', content: 'a'.repeat(PREFIX_BUDGET * 200) + tail }],
    });
    const started = performance.now();
    expect(prefixHash(huge('x'))).toBe(prefixHash(huge('y')));
    expect(performance.now() - started).toBeLessThan(200);
  });
});

describe("Claude Code's metadata.user_id", () => {
  it.each([
    [{ metadata: { user_id: '{"session_id":"s1"}' } }, 's1'],
    [{ metadata: { user_id: '{not json' } }, ''],
    [{ metadata: { user_id: 'someone' } }, ''],
    [{ metadata: 'x' }, ''],
    [{}, ''],
  ])('%j → %s', (body, expected) => {
    expect(claudeMetadataSession(body)).toBe(expected);
  });
});
