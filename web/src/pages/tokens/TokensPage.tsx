import { Alert } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenView } from '../../api/tokens.ts';
import { AddButton, ListPage, ListToolbar, SearchField } from '../../components/list-page/ListPage.tsx';
import { usePagedTableData } from '../../components/list-page/PagedTable.tsx';
import { useDrawerTarget } from '../../components/list-page/use-drawer-target.ts';
import { useStatus } from '../../components/status.tsx';
import { pendingRowId } from '../../components/use-list-mutation.ts';
import { useListState, useSearchForm } from '../../components/use-list-state.ts';
import { copyWithToast } from '../personal/copy-with-toast.ts';
import { chatServerAddress, fillChatLink, parseChatLinks } from './chat-links.ts';
import { type DrawerTarget, TokenDrawer } from './TokenDrawer.tsx';
import { TokensTable } from './TokensTable.tsx';
import { fullKey } from './token-display.ts';
import { useDeleteToken, useToggleTokenStatus, useTokenList } from './use-tokens.ts';

interface SearchValues {
  keyword?: string;
  token?: string;
}

interface AppliedSearch {
  keyword: string;
  token: string;
}

const emptySearch: AppliedSearch = { keyword: '', token: '' };

const toSearch = (values: SearchValues): AppliedSearch => ({
  keyword: values.keyword?.trim() ?? '',
  token: values.token?.trim() ?? '',
});

/** Route /token: the user's API tokens — search, paged table, create/edit drawer. */
export function TokensPage() {
  const { t } = useTranslation();
  const status = useStatus();
  const list = useListState<AppliedSearch>(emptySearch);
  const searchForm = useSearchForm(list, { toSearch });
  const drawer = useDrawerTarget<DrawerTarget>();

  const listQuery = useTokenList({ ...list.search, page: list.page, pageSize: list.pageSize });
  const tableData = usePagedTableData(list, listQuery);
  const toggleMutation = useToggleTokenStatus();
  const deleteMutation = useDeleteToken();
  const chatLinks = useMemo(() => parseChatLinks(status.chats), [status.chats]);

  const searchLabels = [t('tokens.search.submit'), t('tokens.search.reset')] as const;
  const keywordTexts = [t('tokens.search.keyword'), t('tokens.search.keywordPlaceholder')] as const;
  const tokenTexts = [t('tokens.search.token'), t('tokens.search.tokenPlaceholder')] as const;

  const addButton = (
    <AddButton
      label={t('tokens.create.button')}
      onClick={() => drawer.open({ mode: 'create' })}
      testId="tokens-add"
    />
  );

  const openChat = (token: TokenView, template: string) => {
    const address = chatServerAddress(status.server_address, window.location.origin);
    window.open(fillChatLink(template, token.key, address), '_blank', 'noopener,noreferrer');
  };

  return (
    <ListPage
      title={t('tokens.title')}
      overlays={<TokenDrawer key={drawer.session} target={drawer.target} onClose={drawer.close} />}
    >
      <Alert type="warning" showIcon title={t('tokens.personalUseWarning')} data-testid="tokens-warning" />
      <ListToolbar search={searchForm} testIdPrefix="tokens" labels={searchLabels} actions={addButton}>
        <SearchField name="keyword" icon width={220} texts={keywordTexts} />
        <SearchField name="token" width={260} texts={tokenTexts} />
      </ListToolbar>
      <TokensTable
        data={tableData}
        chatLinks={chatLinks}
        togglingId={pendingRowId(toggleMutation)}
        deletingId={pendingRowId(deleteMutation)}
        onToggle={(token) => toggleMutation.mutate(token)}
        onCopy={(token) => void copyWithToast(fullKey(token.key), t('tokens.actions.copied'))}
        onOpenChat={openChat}
        onEdit={(token) => drawer.open({ mode: 'edit', id: token.id })}
        onDelete={(token) => deleteMutation.mutate(token.id)}
      />
    </ListPage>
  );
}
