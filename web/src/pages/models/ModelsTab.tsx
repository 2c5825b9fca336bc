import { Button, Input, Select, Space, Switch, Table, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../components/feedback.ts';
import { EntryActions } from './EntryActions.tsx';
import { ModelDialog } from './ModelDialog.tsx';
import { catalogueApi, type ModelMetaInput, type ModelMetaView } from './models-api.ts';
import { useCatalogueChange, useMissingModels, useModelEntries, useVendors } from './use-catalogue.ts';

/** Vendors offered in the filter and the form: the first page of 100 is every vendor an operator keeps. */
const VENDOR_CHOICES = 100;

export function ModelsTab() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [vendor, setVendor] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<Partial<ModelMetaView> | null | undefined>(undefined);
  const entries = useModelEntries(keyword, vendor, page, pageSize);
  const vendors = useVendors('', 1, VENDOR_CHOICES).data?.items ?? [];
  const missing = useMissingModels().data ?? [];
  const save = useCatalogueChange((input: ModelMetaInput) => catalogueApi.saveModel(input));
  const toggle = useCatalogueChange((input: { id: number; status: number }) =>
    catalogueApi.setModelStatus(input.id, input.status),
  );
  const remove = useCatalogueChange((id: number) => catalogueApi.deleteModel(id));
  const vendorName = (id: number | null) => vendors.find((candidate) => candidate.id === id)?.name ?? '';

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('catalogue.models.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
          style={{ width: 240 }}
        />
        <Select<number>
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('catalogue.pricing.allVendors')}
          options={vendors.map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          onChange={(id) => {
            setVendor(id === undefined ? '' : String(id));
            setPage(1);
          }}
          data-testid="models-vendor-filter"
        />
        <Button type="primary" onClick={() => setEditing(null)} data-testid="model-add">
          {t('catalogue.models.add')}
        </Button>
        {missing.length > 0 && (
          <Select<string>
            style={{ minWidth: 220 }}
            placeholder={t('catalogue.models.missing', { count: missing.length })}
            options={missing.map((name) => ({ value: name, label: name }))}
            value={null}
            onChange={(name) => setEditing({ model_name: name })}
            data-testid="models-missing"
          />
        )}
      </Space>
      <Table<ModelMetaView>
        rowKey="id"
        size="middle"
        scroll={{ x: true }}
        loading={entries.isFetching}
        dataSource={entries.data?.items ?? []}
        pagination={{
          current: page,
          pageSize,
          total: entries.data?.total ?? 0,
          onChange: (next, size) => {
            setPage(next);
            setPageSize(size);
          },
        }}
        columns={[
          {
            title: t('catalogue.models.name'),
            key: 'model_name',
            render: (_value, entry) => (
              <Space size={4} wrap>
                <span data-testid="catalogue-model-name">{entry.model_name}</span>
                {entry.name_rule !== 0 && <Tag>{t(`catalogue.models.rule.${entry.name_rule}`)}</Tag>}
              </Space>
            ),
          },
          {
            title: t('catalogue.models.vendor'),
            key: 'vendor',
            render: (_value, entry) => vendorName(entry.vendor_id),
          },
          { title: t('catalogue.common.description'), dataIndex: 'description', ellipsis: true },
          {
            title: t('catalogue.models.tags'),
            key: 'tags',
            render: (_value, entry) =>
              (entry.tags ?? '')
                .split(',')
                .filter((tag) => tag.trim())
                .map((tag) => <Tag key={tag}>{tag.trim()}</Tag>),
          },
          {
            title: t('catalogue.models.groups'),
            key: 'groups',
            render: (_value, entry) => entry.enable_groups.map((group) => <Tag key={group}>{group}</Tag>),
          },
          {
            title: t('catalogue.models.enabled'),
            key: 'status',
            render: (_value, entry) => (
              <Switch
                size="small"
                checked={entry.status === 1}
                onChange={(on) => toggle.mutate({ id: entry.id, status: on ? 1 : 0 })}
              />
            ),
          },
          {
            title: t('catalogue.common.actions'),
            key: 'actions',
            render: (_value, entry) => (
              <EntryActions
                onEdit={() => setEditing(entry)}
                deleteConfirm={t('catalogue.models.deleteConfirm', { name: entry.model_name })}
                onDelete={() =>
                  remove.mutate(entry.id, { onSuccess: () => showSuccess(t('catalogue.common.deleted')) })
                }
              />
            ),
          },
        ]}
      />
      <ModelDialog
        model={editing}
        vendors={vendors}
        saving={save.isPending}
        onClose={() => setEditing(undefined)}
        onSave={(input) =>
          save.mutate(input, {
            onSuccess: () => {
              showSuccess(t('catalogue.common.saved'));
              setEditing(undefined);
            },
          })
        }
      />
    </Space>
  );
}
