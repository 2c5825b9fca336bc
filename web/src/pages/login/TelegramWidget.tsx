import { useEffect, useId, useRef } from 'react';
import type { TelegramAuthData } from '../../api/auth.ts';

const WIDGET_URL = 'https://telegram.org/js/telegram-widget.js?22';

type TelegramCallbacks = Record<string, ((user: TelegramAuthData) => void) | undefined>;

/**
 * Telegram's login widget for the configured bot. The widget calls a global function by name (its
 * `onauth` attribute); each widget registers its own, which hands the signed fields to `onAuth`.
 */
export function TelegramWidget({
  botName,
  onAuth,
  testId,
}: {
  botName: string;
  onAuth: (user: TelegramAuthData) => void;
  testId: string;
}) {
  const containerRef = useRef<HTMLDivElement>(null);
  const onAuthRef = useRef(onAuth);
  onAuthRef.current = onAuth;
  const callbackName = `onSwitchyardTelegramAuth${useId().replace(/\W/g, '')}`;

  useEffect(() => {
    const container = containerRef.current;
    if (!container) return;
    const callbacks = window as unknown as TelegramCallbacks;
    callbacks[callbackName] = (user) => onAuthRef.current(user);
    const script = document.createElement('script');
    script.src = WIDGET_URL;
    script.async = true;
    script.dataset.telegramLogin = botName;
    script.dataset.size = 'large';
    script.dataset.requestAccess = 'write';
    script.dataset.onauth = `${callbackName}(user)`;
    container.appendChild(script);
    return () => {
      container.replaceChildren();
      delete callbacks[callbackName];
    };
  }, [botName, callbackName]);

  return <div ref={containerRef} data-testid={testId} />;
}
