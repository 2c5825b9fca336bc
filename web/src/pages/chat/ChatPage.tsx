import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { LOGIN_PATH } from '../../components/guards.tsx';
import { HEADER_HEIGHT } from '../../components/layout/SideBar.tsx';
import { useSession } from '../../components/session.tsx';
import { useStatusState } from '../../components/status.tsx';
import {
  chatIndexFromParam,
  chatLinkAt,
  chatServerAddress,
  fillChatLink,
  parseChatLinks,
} from '../tokens/chat-links.ts';
import { ChatLinkProblem, ChatWaitingNotice } from './ChatNotice.tsx';
import { useFirstEnabledKey } from './use-first-enabled-key.ts';

/**
 * Route /chat/:id? (docs/reference/console-screens.md): embeds configured chat link number `id` (default 0) with the user's first
 * enabled token in a full-size frame. Nothing is embedded without an enabled token.
 */
export function ChatPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  const { user } = useSession();
  const { status, isFresh } = useStatusState();
  const chatLinks = useMemo(() => parseChatLinks(status.chats), [status.chats]);
  const index = chatIndexFromParam(id);
  const link = chatLinks.ok && index !== null ? chatLinkAt(chatLinks.links, index) : undefined;
  const { key } = useFirstEnabledKey(user !== null);

  // The key belongs to a logged-in user: a visitor signs in first.
  if (!user) return <Navigate to={LOGIN_PATH} replace />;
  if (!link) {
    return isFresh ? (
      <ChatLinkProblem chatLinks={chatLinks} />
    ) : (
      <ChatWaitingNotice textKey="chat.redirecting" />
    );
  }
  if (!key) return <ChatWaitingNotice textKey="chat.redirecting" />;

  const source = fillChatLink(
    link.template,
    key,
    chatServerAddress(status.server_address, window.location.origin),
  );
  return (
    <div className="full-bleed">
      <iframe
        src={source}
        title={t('chat.frameTitle', { name: link.name })}
        allow="camera;microphone"
        style={{
          display: 'block',
          width: '100%',
          height: `calc(100vh - ${HEADER_HEIGHT}px)`,
          border: 'none',
        }}
        data-testid="chat-frame"
      />
    </div>
  );
}
