import { describe, expect, it } from 'vitest';
import {
  advanceReply,
  buildChatRequest,
  type ChatMessage,
  chatReducer,
  greetingMessages,
  type MessageState,
  type ReplyEvent,
} from './chat-messages.ts';

const reply = (state: MessageState, content = ''): ChatMessage => ({
  id: 'r',
  role: 'assistant',
  content,
  state,
});

describe('advanceReply (loading → incomplete → complete, or error)', () => {
  it.each<[MessageState, string, ReplyEvent, MessageState, string]>([
    ['loading', '', { type: 'delta', text: 'Hel' }, 'incomplete', 'Hel'],
    ['incomplete', 'Hel', { type: 'delta', text: 'lo' }, 'incomplete', 'Hello'],
    ['loading', '', { type: 'delta', text: '' }, 'loading', ''],
    ['incomplete', 'Hello', { type: 'finish' }, 'complete', 'Hello'],
    ['loading', '', { type: 'finish' }, 'complete', ''],
    ['loading', '', { type: 'fail', error: 'quota exhausted' }, 'error', 'quota exhausted'],
    ['incomplete', 'Hel', { type: 'fail', error: 'upstream failed' }, 'error', 'Hel\n\nupstream failed'],
    ['complete', 'Hello', { type: 'delta', text: 'late' }, 'complete', 'Hello'],
    ['complete', 'Hello', { type: 'fail', error: 'late' }, 'complete', 'Hello'],
    ['complete', 'Hello', { type: 'finish' }, 'complete', 'Hello'],
    ['error', 'boom', { type: 'delta', text: 'late' }, 'error', 'boom'],
    ['error', 'boom', { type: 'finish' }, 'error', 'boom'],
    ['error', 'boom', { type: 'fail', error: 'again' }, 'error', 'boom'],
  ])('%s %j + %o → %s %j', (state, content, event, nextState, nextContent) => {
    const next = advanceReply(reply(state, content), event);
    expect(next.state).toBe(nextState);
    expect(next.content).toBe(nextContent);
  });
});

describe('chatReducer', () => {
  const greeting = greetingMessages('Hello', 'Hello, how can I help you?');

  it('send appends the user message and a loading reply', () => {
    const messages = chatReducer(greeting, { type: 'send', userId: 'u1', replyId: 'r1', content: 'Hi' });
    expect(messages.slice(2)).toEqual([
      { id: 'u1', role: 'user', content: 'Hi', state: 'complete' },
      { id: 'r1', role: 'assistant', content: '', state: 'loading' },
    ]);
    expect(messages.slice(0, 2)).toEqual(greeting);
  });

  it('streams a reply to completion', () => {
    let messages = chatReducer([], { type: 'send', userId: 'u1', replyId: 'r1', content: 'Hi' });
    const events: ReplyEvent[] = [
      { type: 'delta', text: 'Hel' },
      { type: 'delta', text: 'lo' },
      { type: 'finish' },
      { type: 'delta', text: ' late' },
    ];
    const states: MessageState[] = [];
    for (const event of events) {
      messages = chatReducer(messages, { type: 'reply', replyId: 'r1', event });
      states.push(messages[1]?.state ?? 'loading');
    }
    expect(states).toEqual(['incomplete', 'incomplete', 'complete', 'complete']);
    expect(messages[1]?.content).toBe('Hello');
  });

  it('keeps the same array when nothing changes', () => {
    const messages = chatReducer([], { type: 'send', userId: 'u1', replyId: 'r1', content: 'Hi' });
    const finished = chatReducer(messages, { type: 'reply', replyId: 'r1', event: { type: 'finish' } });
    expect(chatReducer(finished, { type: 'reply', replyId: 'r1', event: { type: 'finish' } })).toBe(finished);
    expect(chatReducer(finished, { type: 'reply', replyId: 'missing', event: { type: 'finish' } })).toBe(
      finished,
    );
  });

  it('updates only the addressed reply after a clear and a new send', () => {
    let messages = chatReducer([], { type: 'send', userId: 'u1', replyId: 'r1', content: 'first' });
    messages = chatReducer(messages, { type: 'clear' });
    expect(messages).toEqual([]);
    messages = chatReducer(messages, { type: 'send', userId: 'u2', replyId: 'r2', content: 'second' });
    messages = chatReducer(messages, {
      type: 'reply',
      replyId: 'r1',
      event: { type: 'delta', text: 'stale' },
    });
    expect(messages[1]).toEqual({ id: 'r2', role: 'assistant', content: '', state: 'loading' });
  });
});

describe('buildChatRequest', () => {
  const settings = {
    model: 'gpt-4o-mini',
    group: 'default',
    systemPrompt: 'You are a helpful assistant.',
    maxTokens: 0,
    temperature: 0.7,
  };
  const history: ChatMessage[] = [
    { id: '1', role: 'user', content: 'Hello', state: 'complete' },
    { id: '2', role: 'assistant', content: 'Hi!', state: 'complete' },
    { id: '3', role: 'user', content: 'Again', state: 'complete' },
    { id: '4', role: 'assistant', content: 'model not found', state: 'error' },
    { id: '5', role: 'user', content: 'Now?', state: 'complete' },
    { id: '6', role: 'assistant', content: '', state: 'complete' },
  ];

  it.each([
    [
      'system prompt first, failed and empty replies left out',
      settings,
      [
        { role: 'system', content: 'You are a helpful assistant.' },
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi!' },
        { role: 'user', content: 'Again' },
        { role: 'user', content: 'Now?' },
      ],
    ],
    [
      'a blank system prompt is not sent',
      { ...settings, systemPrompt: '   ' },
      [
        { role: 'user', content: 'Hello' },
        { role: 'assistant', content: 'Hi!' },
        { role: 'user', content: 'Again' },
        { role: 'user', content: 'Now?' },
      ],
    ],
  ])('%s', (_name, chatSettings, messages) => {
    expect(buildChatRequest(history, chatSettings)).toEqual({
      messages,
      stream: true,
      model: chatSettings.model,
      group: chatSettings.group,
      max_tokens: chatSettings.maxTokens,
      temperature: chatSettings.temperature,
    });
  });

  it('sends max_tokens and temperature as given', () => {
    const request = buildChatRequest([], { ...settings, maxTokens: 512, temperature: 0.1 });
    expect(request.max_tokens).toBe(512);
    expect(request.temperature).toBe(0.1);
    expect(request.messages).toEqual([{ role: 'system', content: 'You are a helpful assistant.' }]);
  });
});
