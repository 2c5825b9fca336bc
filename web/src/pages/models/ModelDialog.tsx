import { Form, Input, InputNumber, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { ModelMetaInput, ModelMetaView, VendorView } from './models-api.ts';

export interface ModelDialogProps {
  /** The entry edited; a partial one (a missing model's name) or null for a new one; undefined when closed. */
  model: Partial<ModelMetaView> | null | undefined;
  vendors: VendorView[];
  saving: boolean;
  onSave: (input: ModelMetaInput) => void;
  onClose: () => void;
}

const NAME_RULES = [0, 1, 2, 3] as const;

/** Endpoints are JSON text in new-api's table: refused here unless they parse. */
function validEndpoints(_rule: unknown, value: string | undefined): Promise<void> {
  if (!value?.trim()) return Promise.resolve();
  try {
    const parsed: unknown = JSON.parse(value);
    if (typeof parsed === 'object' && parsed !== null) return Promise.resolve();
  } catch {
    // Reported below.
  }
  return Promise.reject(new Error('JSON'));
}

export function ModelDialog({ model, vendors, saving, onSave, onClose }: ModelDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<ModelMetaInput>();
  useEffect(() => {
    if (model === undefined) return;
    form.setFieldsValue({
      model_name: model?.model_name ?? '',
      name_rule: model?.name_rule ?? 0,
      vendor_id: model?.vendor_id || undefined,
      description: model?.description ?? '',
      icon: model?.icon ?? '',
      tags: model?.tags ?? '',
      endpoints: model?.endpoints ?? '',
      context_length: model?.context_length ?? 0,
      max_output_tokens: model?.max_output_tokens ?? 0,
    } as ModelMetaInput);
  }, [model, form]);
  return (
    <Modal
      open={model !== undefined}
      title={model?.id ? t('catalogue.models.edit') : t('catalogue.models.add')}
      okText={t('catalogue.common.save')}
      cancelText={t('catalogue.common.cancel')}
      confirmLoading={saving}
      onOk={() =>
        void form.validateFields().then((values) =>
          onSave({
            ...values,
            vendor_id: values.vendor_id ?? 0,
            ...(model?.id ? { id: model.id, status: model.status ?? 1 } : {}),
          }),
        )
      }
      onCancel={onClose}
      destroyOnHidden
      width={640}
    >
      <Form form={form} layout="vertical" data-testid="model-form">
        <Form.Item
          name="model_name"
          label={t('catalogue.models.name')}
          rules={[{ required: true, whitespace: true, max: 128 }]}
        >
          <Input data-testid="model-name" />
        </Form.Item>
        <Form.Item name="name_rule" label={t('catalogue.models.nameRule')}>
          <Select
            options={NAME_RULES.map((rule) => ({ value: rule, label: t(`catalogue.models.rule.${rule}`) }))}
          />
        </Form.Item>
        <Form.Item name="vendor_id" label={t('catalogue.models.vendor')}>
          <Select
            allowClear
            data-testid="model-vendor"
            options={vendors.map((vendor) => ({ value: vendor.id, label: vendor.name }))}
          />
        </Form.Item>
        <Form.Item name="description" label={t('catalogue.common.description')}>
          <Input.TextArea rows={2} data-testid="model-description" />
        </Form.Item>
        <Form.Item
          name="icon"
          label={t('catalogue.common.icon')}
          extra={t('catalogue.common.iconHint')}
          rules={[{ max: 128 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="tags"
          label={t('catalogue.models.tags')}
          extra={t('catalogue.models.tagsHint')}
          rules={[{ max: 255 }]}
        >
          <Input data-testid="model-tags" />
        </Form.Item>
        <Form.Item
          name="endpoints"
          label={t('catalogue.models.endpoints')}
          extra={t('catalogue.models.endpointsHint')}
          rules={[{ validator: validEndpoints, message: t('catalogue.models.endpointsInvalid') }]}
        >
          <Input.TextArea rows={2} />
        </Form.Item>
        <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap' }}>
          <Form.Item name="context_length" label={t('catalogue.models.contextLength')}>
            <InputNumber min={0} precision={0} style={{ width: 180 }} />
          </Form.Item>
          <Form.Item name="max_output_tokens" label={t('catalogue.models.maxOutput')}>
            <InputNumber min={0} precision={0} style={{ width: 180 }} />
          </Form.Item>
        </div>
      </Form>
    </Modal>
  );
}
