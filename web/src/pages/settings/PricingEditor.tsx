import { DeleteOutlined, EditOutlined, PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { Button, Input, Space, Table, Tag } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '../../../../common/limits.ts';
import { showError } from '../../components/feedback.ts';
import { readPageSize, storePageSize } from '../../components/page-size.ts';
import { loadedSignature } from './option-values.ts';
import { PricingRowDialog } from './PricingRowDialog.tsx';
import { BILLING_EXPR_KEY, BILLING_MODE_KEY, pricingChanges, rowsOfOptions } from './pricing-draft.ts';
import {
  completionPriceText,
  firstInvalidRow,
  inputPriceText,
  type PricingRow,
  rowMode,
} from './pricing-editor-rules.ts';
import { useSaveOptions } from './use-options.ts';

const pricingKeys = ['ModelPrice', 'ModelRatio', 'CompletionRatio', BILLING_MODE_KEY, BILLING_EXPR_KEY];

/** The visual pricing editor: a paged table of models, a row dialog, save of the pricing options (docs/reference/console-screens.md). */
export function PricingEditor({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation();
  const save = useSaveOptions();
  const signature = loadedSignature(pricingKeys, options);
  const [rows, setRows] = useState<PricingRow[]>(() => rowsOfOptions(options));
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(readPageSize);
  const [editing, setEditing] = useState<{ row: PricingRow; isNew: boolean } | null>(null);
  const [saving, setSaving] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: rebuilt only when the pricing options' content changes
  useEffect(() => setRows(rowsOfOptions(options)), [signature]);

  const visible = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return needle === '' ? rows : rows.filter((row) => row.name.toLowerCase().includes(needle));
  }, [rows, search]);

  const finishEdit = (row: PricingRow) => {
    setRows((current) =>
      [...current.filter((existing) => existing.name !== row.name), row].sort((left, right) =>
        left.name.localeCompare(right.name),
      ),
    );
    setEditing(null);
  };

  const submit = async () => {
    const invalid = firstInvalidRow(rows, rowsOfOptions(options));
    if (invalid) {
      showError(`${invalid.name}: ${t(invalid.problem)}`);
      return;
    }
    setSaving(true);
    try {
      await save(pricingChanges(rows, options));
    } finally {
      setSaving(false);
    }
  };

  const columns = [
    { title: t('settings.pricing.name'), dataIndex: 'name', key: 'name' },
    {
      title: t('settings.pricing.mode'),
      key: 'mode',
      render: (_: unknown, row: PricingRow) =>
        rowMode(row) === 'tiered' ? (
          <Tag color="gold" data-testid={`pricing-editor-tiered-${row.name}`}>
            {row.tiered?.kind === 'table'
              ? t('settings.tiers.tag', { count: row.tiered.tiers.length })
              : t('settings.tiers.tagText')}
          </Tag>
        ) : rowMode(row) === 'per-request' ? (
          <Tag color="purple">{t('settings.pricing.perRequest')}</Tag>
        ) : (
          <Tag color="blue">{t('settings.pricing.perToken')}</Tag>
        ),
    },
    { title: t('settings.pricing.price'), dataIndex: 'price', key: 'price' },
    { title: t('settings.pricing.ratio'), dataIndex: 'ratio', key: 'ratio' },
    { title: t('settings.pricing.completionRatio'), dataIndex: 'completionRatio', key: 'completionRatio' },
    {
      title: t('settings.pricing.tokenPrice'),
      key: 'tokenPrice',
      render: (_: unknown, row: PricingRow) => inputPriceText(row),
    },
    {
      title: t('settings.pricing.completionTokenPrice'),
      key: 'completionTokenPrice',
      render: (_: unknown, row: PricingRow) => completionPriceText(row),
    },
    {
      title: t('settings.pricing.actions'),
      key: 'actions',
      render: (_: unknown, row: PricingRow) => (
        <Space>
          <Button
            size="small"
            icon={<EditOutlined />}
            onClick={() => setEditing({ row, isNew: false })}
            data-testid={`pricing-editor-edit-${row.name}`}
          >
            {t('settings.pricing.edit')}
          </Button>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            onClick={() => setRows((current) => current.filter((existing) => existing.name !== row.name))}
            data-testid={`pricing-editor-delete-${row.name}`}
          >
            {t('settings.pricing.delete')}
          </Button>
        </Space>
      ),
    },
  ];

  return (
    <div data-testid="pricing-editor">
      <Space wrap style={{ marginBottom: 12 }}>
        <Input
          allowClear
          prefix={<SearchOutlined />}
          placeholder={t('settings.pricing.search')}
          value={search}
          onChange={(event) => {
            setSearch(event.target.value);
            setPage(1);
          }}
          style={{ width: 260 }}
          data-testid="pricing-editor-search"
        />
        <Button
          icon={<PlusOutlined />}
          onClick={() =>
            setEditing({ row: { name: '', price: '', ratio: '', completionRatio: '' }, isNew: true })
          }
          data-testid="pricing-editor-add"
        >
          {t('settings.pricing.add')}
        </Button>
        <Button type="primary" onClick={submit} loading={saving} data-testid="pricing-editor-save">
          {t('settings.pricing.save')}
        </Button>
      </Space>
      <Table
        rowKey="name"
        size="small"
        columns={columns}
        dataSource={visible}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: page,
          pageSize,
          pageSizeOptions: PAGE_SIZE_OPTIONS.map(String),
          showSizeChanger: true,
          total: visible.length,
          onChange: (nextPage, nextSize) => {
            if (nextSize !== pageSize) {
              storePageSize(nextSize);
              setPageSize(nextSize);
              setPage(1);
            } else setPage(nextPage);
          },
        }}
      />
      <PricingRowDialog
        row={editing?.row ?? null}
        isNew={editing?.isNew ?? false}
        rows={rows}
        onClose={() => setEditing(null)}
        onDone={finishEdit}
      />
    </div>
  );
}
