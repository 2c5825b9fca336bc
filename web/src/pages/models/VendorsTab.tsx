import { Button, Input, Space, Table } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../components/feedback.ts';
import { EntryActions } from './EntryActions.tsx';
import { catalogueApi, type VendorInput, type VendorView } from './models-api.ts';
import { useCatalogueChange, useVendors } from './use-catalogue.ts';
import { VendorDialog } from './VendorDialog.tsx';

export function VendorsTab() {
  const { t } = useTranslation();
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [editing, setEditing] = useState<VendorView | null | undefined>(undefined);
  const vendors = useVendors(keyword, page, pageSize);
  const save = useCatalogueChange((input: VendorInput) => catalogueApi.saveVendor(input));
  const remove = useCatalogueChange((id: number) => catalogueApi.deleteVendor(id));

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Space wrap>
        <Input.Search
          allowClear
          placeholder={t('catalogue.vendors.search')}
          onSearch={(value) => {
            setKeyword(value.trim());
            setPage(1);
          }}
          style={{ width: 240 }}
        />
        <Button type="primary" onClick={() => setEditing(null)} data-testid="vendor-add">
          {t('catalogue.vendors.add')}
        </Button>
      </Space>
      <Table<VendorView>
        rowKey="id"
        size="middle"
        scroll={{ x: true }}
        loading={vendors.isFetching}
        dataSource={vendors.data?.items ?? []}
        pagination={{
          current: page,
          pageSize,
          total: vendors.data?.total ?? 0,
          onChange: (next, size) => {
            setPage(next);
            setPageSize(size);
          },
        }}
        columns={[
          { title: 'ID', dataIndex: 'id', width: 70 },
          { title: t('catalogue.vendors.name'), dataIndex: 'name' },
          { title: t('catalogue.common.icon'), dataIndex: 'icon' },
          { title: t('catalogue.common.description'), dataIndex: 'description', ellipsis: true },
          { title: t('catalogue.vendors.modelCount'), dataIndex: 'model_count', width: 110 },
          {
            title: t('catalogue.common.actions'),
            key: 'actions',
            render: (_value, vendor) => (
              <EntryActions
                onEdit={() => setEditing(vendor)}
                deleteConfirm={t('catalogue.vendors.deleteConfirm', { name: vendor.name })}
                onDelete={() =>
                  remove.mutate(vendor.id, { onSuccess: () => showSuccess(t('catalogue.common.deleted')) })
                }
              />
            ),
          },
        ]}
      />
      <VendorDialog
        vendor={editing}
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
