/** The conversation of the playground: sending, streaming into the reply, stopping and clearing. */
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clearStoredUser } from '../../api/stored-user.ts';
import { buildChatRequest, type ChatMessage, type ChatSettings, chatReducer } from './chat-messages.ts';
import { relayErrorText } from './relay-error-text.ts';
import { runChat } from './run-chat.ts';

export interface ChatSession {
  messages: ChatMessage[];
  /** A reply is streaming; sending waits for it (or for Stop). */
  streaming: boolean;
  send: (content: string, settings: ChatSettings) => void;
  /** Aborts the call; the text that arrived stays as a complete reply. */
  stop: () => void;
  /** Stops any reply and empties the conversation. */
  clear: () => void;
}

export function useChatSession(initialMessages: () => ChatMessage[]): ChatSession {
  const { t } = useTranslation();
  const [messages, dispatch] = useReducer(chatReducer, undefined, initialMessages);
  const [streaming, setStreaming] = useState(false);
  const controllerRef = useRef<AbortController | null>(null);
  const idCounter = useRef(0);

  // Leaving the page ends the call.
  useEffect(() => () => controllerRef.current?.abort(), []);

  const send = useCallback(
    (content: string, settings: ChatSettings) => {
      if (controllerRef.current || content.trim() === '') return;
      idCounter.current += 1;
      const userId = `user-${idCounter.current}`;
      const replyId = `reply-${idCounter.current}`;
      const request = buildChatRequest(
        [...messages, { id: userId, role: 'user', content, state: 'complete' }],
        settings,
      );
      dispatch({ type: 'send', userId, replyId, content });
      const controller = new AbortController();
      controllerRef.current = controller;
      setStreaming(true);
      void runChat({
        request,
        signal: controller.signal,
        emit: (event) => dispatch({ type: 'reply', replyId, event }),
        texts: {
          expired: t('login.expired'),
          parseFailed: t('playground.parseFailed'),
          networkError: (detail) => t('playground.networkError', { detail }),
          relayError: (error) => relayErrorText(error, (key, values) => t(key, values ?? {})),
        },
        // The session is over: the login guard sends the user to /login?expired=true.
        onExpired: () => clearStoredUser('expired'),
      }).finally(() => {
        if (controllerRef.current === controller) {
          controllerRef.current = null;
          setStreaming(false);
        }
      });
    },
    [messages, t],
  );

  const stop = useCallback(() => {
    controllerRef.current?.abort();
  }, []);

  const clear = useCallback(() => {
    const controller = controllerRef.current;
    controllerRef.current = null;
    controller?.abort();
    setStreaming(false);
    dispatch({ type: 'clear' });
  }, []);

  return { messages, streaming, send, stop, clear };
}
