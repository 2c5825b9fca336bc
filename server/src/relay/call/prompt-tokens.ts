/** Counting a request's prompt locally (when pre-consuming, or when the upstream reports no usage). */

import type { CountableChatMessage } from '../billing/tokens.ts';
import { countChatPromptTokens, countTextTokens } from '../billing/tokens.ts';
import { inputText, promptText } from '../formats/openai/request.ts';
import type { RelayEndpoint } from '../providers/types.ts';

/** The query and documents of a rerank request (documents as strings or `{text}` objects). */
export function rerankText(body: Readonly<Record<string, unknown>>): string {
  const documents = Array.isArray(body.documents) ? body.documents : [];
  const texts = documents.map((document) =>
    typeof document === 'string'
      ? document
      : typeof (document as { text?: unknown })?.text === 'string'
        ? (document as { text: string }).text
        : JSON.stringify(document),
  );
  return [typeof body.query === 'string' ? body.query : '', ...texts].join('\n');
}

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
    case 'images':
    case 'image-edits':
      return countTextTokens(typeof body.prompt === 'string' ? body.prompt : '', model);
    case 'image-variations':
    case 'transcriptions':
    case 'translations':
      // Audio and images are not text: the reply's usage (or its text) prices these calls.
      return 0;
    case 'speech':
      // Speech is priced per input character (tts-1: $15 per million characters).
      return typeof body.input === 'string' ? [...body.input].length : 0;
    case 'rerank':
      return countTextTokens(rerankText(body), model);
    case 'responses-compact':
      // An estimate for pre-consumption: compaction replies always carry usage, which prices the call.
      return countTextTokens(
        `${typeof body.instructions === 'string' ? body.instructions : ''}${JSON.stringify(body.input ?? '')}`,
        model,
      );
  }
}
