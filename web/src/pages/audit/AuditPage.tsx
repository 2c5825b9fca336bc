/** Route /audit (administrators): the security audit log (docs/audit.md). */
import { Button, DatePicker, Form, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AuditFilterChoices, AuditLogView } from '../../../../common/api/audit.ts';
import { AUDIT_OUTCOMES } from '../../../../common/api/audit.ts';
import type { Page } from '../../../../common/api-types.ts';
import { Role } from '../../../../common/roles.ts';
import { http } from '../../api/client.ts';
import {
  ListPage,
  ListToolbar,
  SearchField,
  SearchSelectField,
} from '../../components/list-page/ListPage.tsx';
import { PagedTable, usePagedTableData } from '../../components/list-page/PagedTable.tsx';
import { toUnixSeconds } from '../../components/time-range.ts';
import { useIsMobile } from '../../components/use-is-mobile.ts';
import { useListState, useSearchForm } from '../../components/use-list-state.ts';
import { usePageQuery, useReplyQuery } from '../../components/use-reply-query.ts';
import { formatUnixTime } from '../tokens/token-display.ts';
import { AuditDetail } from './AuditDetail.tsx';
import { type AuditSearch, auditListParams, EMPTY_AUDIT_SEARCH } from './audit-display.ts';

interface SearchValues {
  range?: [Dayjs | null, Dayjs | null] | null;
  username?: string;
  action?: string;
  target_type?: string;
  target_id?: string;
  outcome?: string;
}

const toSearch = (values: SearchValues): AuditSearch => ({
  start: toUnixSeconds(values.range?.[0]),
  end: toUnixSeconds(values.range?.[1]),
  username: values.username?.trim() ?? '',
  action: values.action ?? '',
  target_type: values.target_type ?? '',
  target_id: values.target_id?.trim() ?? '',
  outcome: values.outcome ?? '',
});

/**
 * Who changed what, and every sign-in: filters by time, actor, action, target and outcome; a row opens its
 * detail with the masked before/after. Admins see their own rows and lower ranks' (docs/audit.md).
 */
export function AuditPage() {
  const { t } = useTranslation();
  const list = useListState<AuditSearch>(EMPTY_AUDIT_SEARCH);
  const params = auditListParams(list.search, list.page, list.pageSize);
  const listQuery = usePageQuery<AuditLogView>(['audit', 'list', params], () =>
    http.get<Page<AuditLogView>>('/api/audit/', params),
  );
  const choices = useReplyQuery<AuditFilterChoices>({
    queryKey: ['audit', 'choices'],
    fetch: () => http.get<AuditFilterChoices>('/api/audit/actions'),
    fallback: { actions: [], target_types: [] },
    staleTime: Number.POSITIVE_INFINITY,
  });
  const searchForm = useSearchForm(list, { toSearch, reload: listQuery.refetch });
  const tableData = usePagedTableData(list, listQuery);
  const [shown, setShown] = useState<AuditLogView | null>(null);
  const mobile = useIsMobile();

  const roleName = (role: number) =>
    role >= Role.root
      ? t('audit.roles.root')
      : role >= Role.admin
        ? t('audit.roles.admin')
        : role >= Role.common
          ? t('audit.roles.common')
          : t('audit.roles.guest');
  const targetName = (type: string) => t(`audit.targets.${type}`, { defaultValue: type });

  const columns: ColumnsType<AuditLogView> = [
    {
      title: t('audit.columns.time'),
      dataIndex: 'created_at',
      key: 'created_at',
      render: (seconds: number) => formatUnixTime(seconds),
    },
    {
      title: t('audit.columns.actor'),
      key: 'actor',
      render: (_value, row) =>
        row.user_id > 0 ? `${row.username} (${roleName(row.role)})` : row.username || '-',
    },
    { title: t('audit.columns.action'), dataIndex: 'action', key: 'action' },
    {
      title: t('audit.columns.target'),
      key: 'target',
      render: (_value, row) =>
        [targetName(row.target_type), row.target_id && `#${row.target_id}`, row.target_name]
          .filter(Boolean)
          .join(' '),
    },
    {
      title: t('audit.columns.outcome'),
      dataIndex: 'outcome',
      key: 'outcome',
      render: (outcome: string, row) => (
        <Tag color={outcome === 'success' ? 'green' : 'red'} data-testid={`audit-outcome-${row.id}`}>
          {t(`audit.outcomes.${outcome}`)}
        </Tag>
      ),
    },
    { title: t('audit.columns.ip'), dataIndex: 'ip', key: 'ip' },
  ];

  return (
    <ListPage
      title={t('audit.title')}
      testId="audit-page"
      overlays={<AuditDetail row={shown} onClose={() => setShown(null)} roleName={roleName} />}
    >
      <ListToolbar
        search={searchForm}
        testIdPrefix="audit"
        labels={[t('audit.search.submit'), t('audit.search.reset')]}
        actions={null}
      >
        <Form.Item name="range" style={mobile ? { width: '100%', marginInlineEnd: 0 } : undefined}>
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            aria-label={t('audit.search.range')}
            placeholder={[t('audit.search.start'), t('audit.search.end')]}
            style={{ width: mobile ? '100%' : 380, maxWidth: '100%' }}
            data-testid="audit-search-range"
          />
        </Form.Item>
        <SearchField name="username" width={140} texts={[t('audit.search.actor'), t('audit.search.actor')]} />
        <SearchSelectField
          name="action"
          width={200}
          loading={choices.isLoading}
          texts={[t('audit.columns.action'), t('audit.columns.action')]}
          options={(choices.data?.actions ?? []).map((action) => ({ value: action, label: action }))}
        />
        <SearchSelectField
          name="target_type"
          width={140}
          loading={choices.isLoading}
          texts={[t('audit.search.targetType'), t('audit.search.targetType')]}
          options={(choices.data?.target_types ?? []).map((type) => ({
            value: type,
            label: targetName(type),
          }))}
        />
        <SearchField
          name="target_id"
          width={120}
          texts={[t('audit.search.targetId'), t('audit.search.targetId')]}
        />
        <SearchSelectField
          name="outcome"
          width={120}
          loading={false}
          texts={[t('audit.columns.outcome'), t('audit.columns.outcome')]}
          options={AUDIT_OUTCOMES.map((outcome) => ({
            value: outcome,
            label: t(`audit.outcomes.${outcome}`),
          }))}
        />
      </ListToolbar>
      <PagedTable<AuditLogView>
        testId="audit-table"
        data={tableData}
        columns={columns}
        totalText={(total) => t('audit.total', { total })}
        actions={{
          title: t('audit.columns.detail'),
          render: (row) => (
            <Button size="small" onClick={() => setShown(row)} data-testid={`audit-detail-${row.id}`}>
              {t('audit.columns.detail')}
            </Button>
          ),
        }}
      />
    </ListPage>
  );
}
