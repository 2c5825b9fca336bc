import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Input, Modal, Select, Space, Table, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { http, reportFailure, unwrapReply } from '../../api/client.ts';
import { showSuccess } from '../../components/feedback.ts';
import { type Differences, defaultSource, type SyncRow, syncChanges, syncRows } from './price-sync-rows.ts';
import { OPTIONS_QUERY_KEY } from './use-options.ts';

interface SyncSource {
  id: number;
  name: string;
  base_url: string;
  endpoint?: string;
}

interface TestResult {
  name: string;
  status: 'success' | 'error';
  format?: string;
  error?: string;
}

interface Preview {
  differences: Differences;
  test_results: TestResult[];
}

/** The price sync (docs/model-catalogue.md "Price sync"): choose sources, preview the differences, apply ticked rows. */
export function PriceSyncDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const sources = useQuery({
    queryKey: ['ratio-sync', 'sources'],
    queryFn: async () => unwrapReply(await http.get<SyncSource[]>('/api/ratio_sync/channels')),
    enabled: open,
    retry: false,
  });
  const [chosenIds, setChosenIds] = useState<number[]>([]);
  const [extraUrl, setExtraUrl] = useState('');
  const [preview, setPreview] = useState<Preview | null>(null);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [chosenSource, setChosenSource] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);
  const rows = useMemo(() => (preview ? syncRows(preview.differences) : []), [preview]);

  const fetchPreview = async () => {
    const upstreams = (sources.data ?? [])
      .filter((source) => chosenIds.includes(source.id))
      .map((source) => ({ name: source.name, base_url: source.base_url, endpoint: source.endpoint ?? '' }));
    const url = extraUrl.trim();
    if (url) upstreams.push({ name: url, base_url: url, endpoint: url });
    setBusy(true);
    try {
      setPreview(unwrapReply(await http.post<Preview>('/api/ratio_sync/fetch', { upstreams })));
      setTicked(new Set());
      setChosenSource({});
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const apply = async () => {
    setBusy(true);
    try {
      const changes = syncChanges(rows, ticked, chosenSource);
      const result = unwrapReply(await http.post<{ applied: number }>('/api/ratio_sync/apply', { changes }));
      showSuccess(t('catalogue.sync.applied', { count: result.applied }));
      await queryClient.invalidateQueries({ queryKey: OPTIONS_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['pricing'] });
      await fetchPreview();
    } catch (error) {
      reportFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const toggleRow = (key: string, on: boolean) => {
    const next = new Set(ticked);
    if (on) next.add(key);
    else next.delete(key);
    setTicked(next);
  };

  return (
    <Modal
      open={open}
      onCancel={onClose}
      title={t('catalogue.sync.title')}
      width={960}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('catalogue.common.close')}
        </Button>,
        <Button
          key="apply"
          type="primary"
          disabled={ticked.size === 0}
          loading={busy}
          onClick={() => void apply()}
          data-testid="price-sync-apply"
        >
          {t('catalogue.sync.apply', { count: ticked.size })}
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Select<number[]>
          mode="multiple"
          style={{ width: '100%' }}
          placeholder={t('catalogue.sync.sources')}
          loading={sources.isFetching}
          value={chosenIds}
          onChange={setChosenIds}
          options={(sources.data ?? []).map((source) => ({ value: source.id, label: source.name }))}
          data-testid="price-sync-sources"
        />
        <Space.Compact style={{ width: '100%' }}>
          <Input
            placeholder={t('catalogue.sync.urlPlaceholder')}
            value={extraUrl}
            onChange={(event) => setExtraUrl(event.target.value)}
            data-testid="price-sync-url"
          />
          <Button
            type="primary"
            loading={busy}
            disabled={chosenIds.length === 0 && extraUrl.trim() === ''}
            onClick={() => void fetchPreview()}
            data-testid="price-sync-preview"
          >
            {t('catalogue.sync.preview')}
          </Button>
        </Space.Compact>
        {preview?.test_results.map((result) => (
          <Alert
            key={result.name}
            type={result.status === 'success' ? 'success' : 'error'}
            showIcon
            title={
              result.status === 'success'
                ? t('catalogue.sync.sourceOk', { name: result.name, format: result.format })
                : t('catalogue.sync.sourceFailed', { name: result.name, error: result.error })
            }
          />
        ))}
        {preview && (
          <Table<SyncRow>
            rowKey="key"
            size="small"
            scroll={{ x: true }}
            dataSource={rows}
            pagination={{ pageSize: 50 }}
            locale={{ emptyText: t('catalogue.sync.noDifferences') }}
            data-testid="price-sync-table"
            columns={[
              {
                title: (
                  <Checkbox
                    checked={rows.length > 0 && ticked.size === rows.length}
                    indeterminate={ticked.size > 0 && ticked.size < rows.length}
                    onChange={(event) =>
                      setTicked(event.target.checked ? new Set(rows.map((row) => row.key)) : new Set())
                    }
                    aria-label={t('catalogue.sync.tickAll')}
                  />
                ),
                key: 'tick',
                width: 48,
                render: (_value, row) => (
                  <Checkbox
                    checked={ticked.has(row.key)}
                    onChange={(event) => toggleRow(row.key, event.target.checked)}
                    data-testid={`price-sync-tick-${row.model}-${row.field}`}
                  />
                ),
              },
              { title: t('catalogue.sync.model'), dataIndex: 'model' },
              {
                title: t('catalogue.sync.field'),
                key: 'field',
                render: (_value, row) => t(`catalogue.sync.fields.${row.field}`),
              },
              {
                title: t('catalogue.sync.current'),
                key: 'current',
                render: (_value, row) =>
                  row.current === null ? <Tag>{t('catalogue.sync.unset')}</Tag> : row.current,
              },
              {
                title: t('catalogue.sync.proposed'),
                key: 'proposed',
                render: (_value, row) =>
                  row.proposals.length === 1 ? (
                    <span data-testid={`price-sync-proposed-${row.model}-${row.field}`}>
                      {row.proposals[0]?.value} <Tag>{row.proposals[0]?.source}</Tag>
                      {row.proposals[0]?.confident === false && (
                        <Tag color="orange">{t('catalogue.sync.unsure')}</Tag>
                      )}
                    </span>
                  ) : (
                    <Select<string>
                      size="small"
                      style={{ minWidth: 200 }}
                      value={chosenSource[row.key] ?? defaultSource(row)}
                      onChange={(source) => setChosenSource({ ...chosenSource, [row.key]: source })}
                      options={row.proposals.map((proposal) => ({
                        value: proposal.source,
                        label: `${proposal.value} (${proposal.source}${proposal.confident ? '' : `, ${t('catalogue.sync.unsure')}`})`,
                      }))}
                    />
                  ),
              },
            ]}
          />
        )}
      </Space>
    </Modal>
  );
}
