import { useEffect, useMemo } from 'react';
import { useStatusState } from '../../components/status.tsx';
import { chatServerAddress, fillChatLink, parseChatLinks } from '../tokens/chat-links.ts';
import { ChatLinkProblem, ChatWaitingNotice } from './ChatNotice.tsx';
import { useFirstEnabledKey } from './use-first-enabled-key.ts';

/**
 * Route /chat2link (docs/reference/console-screens.md): sends the browser to the first configured chat link carrying the user's
 * first enabled key and the server address.
 */
export function ChatToLinkPage() {
  const { status, isFresh } = useStatusState();
  const chatLinks = useMemo(() => parseChatLinks(status.chats), [status.chats]);
  const first = chatLinks.ok ? chatLinks.links[0] : undefined;
  const { key } = useFirstEnabledKey(true);
  const target =
    first && key
      ? fillChatLink(first.template, key, chatServerAddress(status.server_address, window.location.origin))
      : null;

  useEffect(() => {
    if (target) window.location.assign(target);
  }, [target]);

  if (!first && isFresh) return <ChatLinkProblem chatLinks={chatLinks} />;
  return <ChatWaitingNotice textKey="chat.loading" />;
}
