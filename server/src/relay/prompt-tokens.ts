/** Counting a request's prompt locally (when pre-consuming, or when the upstream reports no usage). */

import type { CountableChatMessage } from './billing/tokens.ts';
import { countChatPromptTokens, countTextTokens } from './billing/tokens.ts';
import { inputText, promptText } from './formats/openai/request.ts';
import type { RelayEndpoint } from './providers/types.ts';

export function countPromptTokens(
  endpoint: RelayEndpoint,
  body: Readonly<Record<string, unknown>>,
  model: string,
): number {
  switch (endpoint) {
    case 'chat':
      return countChatPromptTokens(
        (Array.isArray(body.messages) ? body.messages : []) as CountableChatMessage[],
        model,
        { tools: body.tools, functions: body.functions },
      );
    case 'completions':
      return countTextTokens(promptText(body), model);
    case 'embeddings':
    case 'moderations':
      return countTextTokens(inputText(body), model);
  }
}
