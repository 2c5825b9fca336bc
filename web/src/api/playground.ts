/**
 * The playground's chat call (docs/reference/console-api.md "Playground"): POST /pg/chat/completions answered with a
 * text/event-stream. The shared JSON client cannot read a stream, so this call uses fetch directly
 * with the same session headers (cookie, New-Api-User, Accept-Language, no-store).
 */
import type { ChatRequestMessage, ChatRole, PlaygroundChatRequest } from '../../../common/api/playground.ts';
import { currentLanguage } from '../i18n/index.ts';
import { storedUserId } from './stored-user.ts';

export type { ChatRequestMessage, ChatRole, PlaygroundChatRequest };

export const PLAYGROUND_CHAT_PATH = '/pg/chat/completions';

/** Starts the call; the caller reads the status and the streamed body. Rejects on network failure or abort. */
export function postPlaygroundChat(request: PlaygroundChatRequest, signal: AbortSignal): Promise<Response> {
  return fetch(PLAYGROUND_CHAT_PATH, {
    method: 'POST',
    credentials: 'same-origin',
    headers: {
      'Content-Type': 'application/json',
      Accept: 'text/event-stream',
      'New-Api-User': String(storedUserId()),
      'Cache-Control': 'no-store',
      'Accept-Language': currentLanguage(),
    },
    body: JSON.stringify(request),
    signal,
  });
}
