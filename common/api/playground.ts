/** The playground's chat call (POST /pg/chat/completions, answered with a text/event-stream). */

export type ChatRole = 'system' | 'user' | 'assistant';

export interface ChatRequestMessage {
  role: ChatRole;
  content: string;
}

/** The chat request: messages, stream, model, group, max_tokens, temperature. */
export interface PlaygroundChatRequest {
  messages: ChatRequestMessage[];
  stream: true;
  model: string;
  group: string;
  /** An integer; 0 leaves the limit to the server. */
  max_tokens: number;
  temperature: number;
}
