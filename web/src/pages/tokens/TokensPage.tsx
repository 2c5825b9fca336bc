import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Space } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TokenView } from '../../api/tokens.ts';
import { SearchButtons } from '../../components/SearchButtons.tsx';
import { useStatus } from '../../components/status.tsx';
import { useListState } from '../../components/use-list-state.ts';
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

/** Route /token: the user's API tokens — search, paged table, create/edit drawer (spec §2 "Token page"). */
export function TokensPage() {
  const { t } = useTranslation();
  const status = useStatus();
  const [searchForm] = Form.useForm<SearchValues>();
  const {
    search,
    page,
    pageSize,
    setPage,
    applySearch: applyListSearch,
    resetSearch: resetListSearch,
    changePage,
  } = useListState<AppliedSearch>(emptySearch);
  const [drawerTarget, setDrawerTarget] = useState<DrawerTarget | null>(null);
  const [drawerSession, setDrawerSession] = useState(0);

  const listQuery = useTokenList({ ...search, page, pageSize });
  const toggleMutation = useToggleTokenStatus();
  const deleteMutation = useDeleteToken();
  const chatLinks = useMemo(() => parseChatLinks(status.chats), [status.chats]);
  const total = listQuery.data?.total ?? 0;
  const itemCount = listQuery.data?.items.length ?? 0;

  // After deleting the last token of the last page, show the page that now is the last one.
  useEffect(() => {
    if (!listQuery.isPlaceholderData && itemCount === 0 && page > 1) {
      setPage(Math.max(1, Math.ceil(total / pageSize)));
    }
  }, [listQuery.isPlaceholderData, itemCount, total, page, pageSize, setPage]);

  const applySearch = (values: SearchValues) =>
    applyListSearch({ keyword: values.keyword?.trim() ?? '', token: values.token?.trim() ?? '' });
  const resetSearch = () => resetListSearch(searchForm);

  const openDrawer = (target: DrawerTarget) => {
    setDrawerSession((session) => session + 1);
    setDrawerTarget(target);
  };

  const openChat = (token: TokenView, template: string) => {
    const address = chatServerAddress(status.server_address, window.location.origin);
    window.open(fillChatLink(template, token.key, address), '_blank', 'noopener,noreferrer');
  };

  return (
    <Card title={t('tokens.title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert type="warning" showIcon title={t('tokens.personalUseWarning')} data-testid="tokens-warning" />
        <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, justifyContent: 'space-between' }}>
          <Form form={searchForm} layout="inline" onFinish={applySearch} style={{ rowGap: 8 }}>
            <Form.Item name="keyword">
              <Input
                allowClear
                prefix={<SearchOutlined />}
                placeholder={t('tokens.search.keywordPlaceholder')}
                aria-label={t('tokens.search.keyword')}
                style={{ width: 220 }}
                data-testid="tokens-search-keyword"
              />
            </Form.Item>
            <Form.Item name="token">
              <Input
                allowClear
                placeholder={t('tokens.search.tokenPlaceholder')}
                aria-label={t('tokens.search.token')}
                style={{ width: 260 }}
                data-testid="tokens-search-token"
              />
            </Form.Item>
            <SearchButtons
              testIdPrefix="tokens"
              submitLabel={t('tokens.search.submit')}
              resetLabel={t('tokens.search.reset')}
              onReset={resetSearch}
            />
          </Form>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => openDrawer({ mode: 'create' })}
            data-testid="tokens-add"
          >
            {t('tokens.create.button')}
          </Button>
        </div>
        <TokensTable
          tokens={listQuery.data?.items ?? []}
          loading={listQuery.isFetching}
          page={page}
          pageSize={pageSize}
          total={total}
          onPageChange={changePage}
          chatLinks={chatLinks}
          togglingId={toggleMutation.isPending ? (toggleMutation.variables?.id ?? null) : null}
          deletingId={deleteMutation.isPending ? (deleteMutation.variables ?? null) : null}
          onToggle={(token) => toggleMutation.mutate(token)}
          onCopy={(token) => void copyWithToast(fullKey(token.key), t('tokens.actions.copied'))}
          onOpenChat={openChat}
          onEdit={(token) => openDrawer({ mode: 'edit', id: token.id })}
          onDelete={(token) => deleteMutation.mutate(token.id)}
        />
      </Space>
      <TokenDrawer key={drawerSession} target={drawerTarget} onClose={() => setDrawerTarget(null)} />
    </Card>
  );
}
