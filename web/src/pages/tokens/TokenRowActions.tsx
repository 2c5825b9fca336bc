import { CopyOutlined } from '@ant-design/icons';
import { Button, Popconfirm, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TokenView } from '../../api/tokens.ts';
import { ChatLinksButton } from './ChatLinksButton.tsx';
import type { ChatLinksResult } from './chat-links.ts';

export interface TokenRowActionsProps {
  token: TokenView;
  chatLinks: ChatLinksResult;
  deleting: boolean;
  onCopy: (token: TokenView) => void;
  onOpenChat: (token: TokenView, template: string) => void;
  onEdit: (token: TokenView) => void;
  onDelete: (token: TokenView) => void;
}

/** Copy the sk- key, open a chat client, edit, delete (after confirmation). */
export function TokenRowActions(props: TokenRowActionsProps) {
  const { t } = useTranslation();
  const { token } = props;
  const testId = (action: string) => `token-${action}-${token.id}`;

  return (
    <Space size={4} wrap>
      <Tooltip title={t('tokens.actions.copy')}>
        <Button
          size="small"
          icon={<CopyOutlined />}
          onClick={() => props.onCopy(token)}
          aria-label={t('tokens.actions.copy')}
          data-testid={testId('copy')}
        />
      </Tooltip>
      <ChatLinksButton
        tokenId={token.id}
        chatLinks={props.chatLinks}
        onOpen={(template) => props.onOpenChat(token, template)}
      />
      <Button size="small" type="primary" onClick={() => props.onEdit(token)} data-testid={testId('edit')}>
        {t('tokens.actions.edit')}
      </Button>
      <Popconfirm
        title={t('tokens.actions.deleteConfirmTitle')}
        description={t('tokens.actions.deleteConfirmDescription', { name: token.name })}
        okText={t('tokens.actions.delete')}
        cancelText={t('tokens.actions.cancel')}
        okButtonProps={{ danger: true, ...{ 'data-testid': testId('delete-confirm') } }}
        onConfirm={() => props.onDelete(token)}
      >
        <Button size="small" danger loading={props.deleting} data-testid={testId('delete')}>
          {t('tokens.actions.delete')}
        </Button>
      </Popconfirm>
    </Space>
  );
}
