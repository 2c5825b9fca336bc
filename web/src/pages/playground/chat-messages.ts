/**
 * The playground conversation (docs/reference/console-states.md "Playground assistant message"): a reply is 'loading' until its
 * first text, 'incomplete' while text streams in, then 'complete' — or 'error', with the error text
 * appended to whatever arrived. A finished reply ignores anything that still comes.
 */
import type { ChatRequestMessage, PlaygroundChatRequest } from '../../api/playground.ts';

export type MessageState = 'loading' | 'incomplete' | 'complete' | 'error';

export interface ChatMessage {
  id: string;
  role: 'user' | 'assistant';
  content: string;
  state: MessageState;
}

/** What can happen to a reply. */
export type ReplyEvent =
  | { type: 'delta'; text: string }
  | { type: 'finish' }
  | { type: 'fail'; error: string };

function isOpen(state: MessageState): boolean {
  return state === 'loading' || state === 'incomplete';
}

/** The reply after an event; a complete or failed reply stays as it is. */
export function advanceReply(message: ChatMessage, event: ReplyEvent): ChatMessage {
  if (!isOpen(message.state)) return message;
  switch (event.type) {
    case 'delta':
      return event.text === ''
        ? message
        : { ...message, content: message.content + event.text, state: 'incomplete' };
    case 'finish':
      return { ...message, state: 'complete' };
    case 'fail': {
      const content = message.content === '' ? event.error : `${message.content}\n\n${event.error}`;
      return { ...message, content, state: 'error' };
    }
  }
}

export type ChatAction =
  /** The user's message and the reply placeholder that waits for the answer. */
  | { type: 'send'; userId: string; replyId: string; content: string }
  | { type: 'reply'; replyId: string; event: ReplyEvent }
  | { type: 'clear' };

export function chatReducer(messages: ChatMessage[], action: ChatAction): ChatMessage[] {
  switch (action.type) {
    case 'send':
      return [
        ...messages,
        { id: action.userId, role: 'user', content: action.content, state: 'complete' },
        { id: action.replyId, role: 'assistant', content: '', state: 'loading' },
      ];
    case 'reply': {
      const index = messages.findIndex((message) => message.id === action.replyId);
      const current = messages[index];
      if (!current) return messages;
      const next = advanceReply(current, action.event);
      if (next === current) return messages;
      return messages.map((message, position) => (position === index ? next : message));
    }
    case 'clear':
      return [];
  }
}

/** The greeting the chat box starts with (docs/reference/console-screens.md "default greeting messages"). */
export function greetingMessages(userText: string, assistantText: string): ChatMessage[] {
  return [
    { id: 'greeting-user', role: 'user', content: userText, state: 'complete' },
    { id: 'greeting-assistant', role: 'assistant', content: assistantText, state: 'complete' },
  ];
}

export interface ChatSettings {
  model: string;
  group: string;
  systemPrompt: string;
  maxTokens: number;
  temperature: number;
}

/**
 * The request for the conversation so far (docs/reference/console-entities.md "Chat request"): the system prompt (when not
 * blank) then the history. Failed replies and empty messages are left out: an error text is not
 * something the assistant said.
 */
export function buildChatRequest(
  history: readonly ChatMessage[],
  settings: ChatSettings,
): PlaygroundChatRequest {
  const messages: ChatRequestMessage[] = [];
  if (settings.systemPrompt.trim() !== '') messages.push({ role: 'system', content: settings.systemPrompt });
  for (const message of history) {
    if (message.state === 'error' || message.content.trim() === '') continue;
    messages.push({ role: message.role, content: message.content });
  }
  return {
    messages,
    stream: true,
    model: settings.model,
    group: settings.group,
    max_tokens: settings.maxTokens,
    temperature: settings.temperature,
  };
}
