import { Alert, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ChatLinksResult } from '../tokens/chat-links.ts';

/** The 'redirecting' (or 'loading') notice shown while a chat page waits for its link and key. */
export function ChatWaitingNotice({ textKey }: { textKey: 'chat.redirecting' | 'chat.loading' }) {
  const { t } = useTranslation();
  return (
    <div style={{ maxWidth: 480, margin: '80px auto' }}>
      <Alert type="warning" showIcon title={t(textKey)} data-testid="chat-waiting" />
    </div>
  );
}

/** Shown when the configured chat links are broken or do not hold the requested one. */
export function ChatLinkProblem({ chatLinks }: { chatLinks: ChatLinksResult }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t(chatLinks.ok ? 'tokens.chatLinks.notConfigured' : 'tokens.chatLinks.configError')}
      data-testid="chat-link-problem"
    />
  );
}
