/**
 * One playground call from request to finished reply: HTTP errors and streamed errors end the reply
 * as an error with their text appended (docs/reference/console-errors.md "Streaming error"); a 401 ends the session as expired
 * (docs/reference/console-screens.md: the expired-login message); the Stop button's abort keeps what arrived as a complete reply.
 */
import { type PlaygroundChatRequest, postPlaygroundChat } from '../../api/playground.ts';
import type { ReplyEvent } from './chat-messages.ts';
import { consumeChatStream, errorFromBody, interpretJsonReply } from './chat-stream.ts';
import type { RelayErrorInfo } from './relay-error-text.ts';

export interface RunChatTexts {
  /** 'not logged in or login expired, please log in again'. */
  expired: string;
  /** 'chat data parse failed'. */
  parseFailed: string;
  /** A network failure, with the browser's description. */
  networkError: (detail: string) => string;
  /** A relay error in the reader's language (./relay-error-text.ts). */
  relayError: (error: RelayErrorInfo) => string;
}

export interface RunChatOptions {
  request: PlaygroundChatRequest;
  signal: AbortSignal;
  emit: (event: ReplyEvent) => void;
  texts: RunChatTexts;
  /** Called on HTTP 401, after the reply was marked as failed. */
  onExpired: () => void;
}

function errorDetail(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function readText(response: Response): Promise<string> {
  try {
    return await response.text();
  } catch {
    return '';
  }
}

export async function runChat({ request, signal, emit, texts, onExpired }: RunChatOptions): Promise<void> {
  try {
    const response = await postPlaygroundChat(request, signal);
    if (response.status === 401) {
      emit({ type: 'fail', error: texts.expired });
      onExpired();
      return;
    }
    if (!response.ok) {
      const error = errorFromBody(await readText(response), response.status, response.statusText);
      emit({ type: 'fail', error: texts.relayError(error) });
      return;
    }
    const contentType = response.headers.get('content-type') ?? '';
    if (!response.body || !contentType.includes('text/event-stream')) {
      const outcome = interpretJsonReply(await response.text());
      if (outcome.kind === 'delta') emit({ type: 'delta', text: outcome.text });
      if (outcome.kind === 'error') emit({ type: 'fail', error: texts.relayError(outcome.error) });
      else if (outcome.kind === 'invalid') emit({ type: 'fail', error: texts.parseFailed });
      else emit({ type: 'finish' });
      return;
    }
    const end = await consumeChatStream(response.body, (text) => emit({ type: 'delta', text }));
    if (end.kind === 'error') emit({ type: 'fail', error: texts.relayError(end.error) });
    else if (end.kind === 'invalid') emit({ type: 'fail', error: texts.parseFailed });
    else emit({ type: 'finish' });
  } catch (error) {
    if (signal.aborted) emit({ type: 'finish' });
    else emit({ type: 'fail', error: texts.networkError(errorDetail(error)) });
  }
}
