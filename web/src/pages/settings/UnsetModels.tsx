import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Modal, Radio, Space, Table } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/feedback.ts';
import { pricingChanges, rowsOfOptions } from './pricing-draft.ts';
import {
  applyBatch,
  type BatchMode,
  type BatchValues,
  batchProblem,
  modelsWithoutPricing,
  parseNumberMap,
} from './pricing-editor-rules.ts';
import { fetchEnabledModels } from './settings-api.ts';
import { useSaveOptions } from './use-options.ts';

const emptyValues: BatchValues = { value: '', ratio: '', completionRatio: '' };

/** Enabled models with neither a ratio nor a fixed price, and a batch set for the selected ones (docs/reference/console-screens.md, docs/reference/console-validation.md). */
export function UnsetModels({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation();
  const save = useSaveOptions();
  const enabledQuery = useQuery({
    queryKey: ['settings', 'models-enabled'],
    queryFn: async () => {
      const reply = await fetchEnabledModels();
      if (!reply.success) throw new Error(reply.message || t('settings.unset.loadFailed'));
      return reply.data ?? [];
    },
  });
  const unset = useMemo(
    () =>
      modelsWithoutPricing(
        enabledQuery.data ?? [],
        parseNumberMap(options.ModelRatio),
        parseNumberMap(options.ModelPrice),
      ),
    [enabledQuery.data, options.ModelRatio, options.ModelPrice],
  );
  const [selected, setSelected] = useState<string[]>([]);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [mode, setMode] = useState<BatchMode>('ratio');
  const [values, setValues] = useState<BatchValues>(emptyValues);
  const [saving, setSaving] = useState(false);

  const openDialog = () => {
    if (selected.length === 0) {
      showError(t('settings.pricing.selectFirst'));
      return;
    }
    setValues(emptyValues);
    setDialogOpen(true);
  };

  const apply = async () => {
    const problem = batchProblem(selected, mode, values);
    if (problem) {
      showError(t(problem));
      return;
    }
    setSaving(true);
    try {
      const rows = applyBatch(rowsOfOptions(options), selected, mode, values);
      if (await save(pricingChanges(rows, options))) {
        setDialogOpen(false);
        setSelected([]);
      }
    } finally {
      setSaving(false);
    }
  };

  const valueInput = (field: keyof BatchValues, label: string) => (
    <Form.Item label={t(label)}>
      <Input
        value={values[field]}
        onChange={(event) => setValues({ ...values, [field]: event.target.value })}
        data-testid={`pricing-editor-batch-${field}`}
      />
    </Form.Item>
  );

  return (
    <div data-testid="pricing-editor-unset">
      {enabledQuery.isError && <Alert type="error" showIcon title={t('settings.unset.loadFailed')} />}
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" onClick={openDialog} data-testid="pricing-editor-batch">
          {t('settings.unset.batchSet', { count: selected.length })}
        </Button>
      </Space>
      <Table
        rowKey="name"
        size="small"
        loading={enabledQuery.isLoading}
        dataSource={unset.map((name) => ({ name }))}
        columns={[{ title: t('settings.pricing.name'), dataIndex: 'name', key: 'name' }]}
        rowSelection={{ selectedRowKeys: selected, onChange: (keys) => setSelected(keys.map(String)) }}
        locale={{ emptyText: t('settings.unset.none') }}
        pagination={{ defaultPageSize: 10, showSizeChanger: true }}
      />
      <Modal
        open={dialogOpen}
        title={t('settings.unset.batchTitle', { count: selected.length })}
        onCancel={() => setDialogOpen(false)}
        onOk={apply}
        confirmLoading={saving}
        okText={t('settings.common.confirm')}
        cancelText={t('settings.common.cancel')}
        okButtonProps={{ ...{ 'data-testid': 'pricing-editor-batch-ok' } }}
      >
        <Form layout="vertical">
          <Form.Item label={t('settings.unset.batchMode')}>
            <Radio.Group value={mode} onChange={(event) => setMode(event.target.value)}>
              <Radio value="price">{t('settings.unset.modePrice')}</Radio>
              <Radio value="ratio">{t('settings.unset.modeRatio')}</Radio>
              <Radio value="both-ratios">{t('settings.unset.modeBoth')}</Radio>
            </Radio.Group>
          </Form.Item>
          {mode === 'both-ratios' ? (
            <>
              {valueInput('ratio', 'settings.pricing.ratio')}
              {valueInput('completionRatio', 'settings.pricing.completionRatio')}
            </>
          ) : (
            valueInput('value', mode === 'price' ? 'settings.pricing.price' : 'settings.pricing.ratio')
          )}
        </Form>
      </Modal>
    </div>
  );
}
