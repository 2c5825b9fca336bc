import { DownOutlined, MessageOutlined } from '@ant-design/icons';
import { Button, Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/feedback.ts';
import type { ChatLinksResult } from './chat-links.ts';

export interface ChatLinksButtonProps {
  tokenId: number;
  /** The parsed chat-link configuration (status.chats). */
  chatLinks: ChatLinksResult;
  /** Opens the chosen chat client (a link template) with this token. */
  onOpen: (template: string) => void;
}

/**
 * A row's chat menu: one entry per configured chat client. A broken configuration or none at all shows
 * the matching error instead (docs/reference/console-errors.md).
 */
export function ChatLinksButton({ tokenId, chatLinks, onOpen }: ChatLinksButtonProps) {
  const { t } = useTranslation();
  const testId = `token-chat-${tokenId}`;
  const label = (
    <>
      <MessageOutlined /> {t('tokens.actions.chat')} <DownOutlined />
    </>
  );

  if (!chatLinks.ok || chatLinks.links.length === 0) {
    const error = chatLinks.ok ? 'tokens.chatLinks.notConfigured' : 'tokens.chatLinks.configError';
    return (
      <Button size="small" onClick={() => showError(t(error))} data-testid={testId}>
        {label}
      </Button>
    );
  }

  const items: MenuProps['items'] = chatLinks.links.map((link) => ({
    key: String(link.index),
    label: <span data-testid={`${testId}-${link.index}`}>{link.name}</span>,
  }));
  const openChosen: MenuProps['onClick'] = ({ key }) => {
    const link = chatLinks.links.find((entry) => String(entry.index) === key);
    if (link) onOpen(link.template);
  };

  return (
    <Dropdown menu={{ items, onClick: openChosen }} trigger={['click']}>
      <Button size="small" data-testid={testId}>
        {label}
      </Button>
    </Dropdown>
  );
}
