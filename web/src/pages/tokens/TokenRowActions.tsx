import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TokenView } from '../../api/tokens.ts';
import { CopyKeyButton, DeleteButton } from '../../components/list-page/RowActions.tsx';
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
      <CopyKeyButton
        label={t('tokens.actions.copy')}
        onCopy={() => props.onCopy(token)}
        testId={testId('copy')}
      />
      <ChatLinksButton
        tokenId={token.id}
        chatLinks={props.chatLinks}
        onOpen={(template) => props.onOpenChat(token, template)}
      />
      <Button size="small" type="primary" onClick={() => props.onEdit(token)} data-testid={testId('edit')}>
        {t('tokens.actions.edit')}
      </Button>
      <DeleteButton
        label={t('tokens.actions.delete')}
        confirmTitle={t('tokens.actions.deleteConfirmTitle')}
        confirmDescription={t('tokens.actions.deleteConfirmDescription', { name: token.name })}
        confirmLabel={t('tokens.actions.delete')}
        cancelLabel={t('tokens.actions.cancel')}
        onConfirm={() => props.onDelete(token)}
        loading={props.deleting}
        testId={testId('delete')}
        confirmTestId={testId('delete-confirm')}
      />
    </Space>
  );
}
