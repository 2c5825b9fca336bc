import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorInput, VendorView } from './models-api.ts';

export interface VendorDialogProps {
  /** The vendor edited; null for a new one; undefined when closed. */
  vendor: VendorView | null | undefined;
  saving: boolean;
  onSave: (input: VendorInput) => void;
  onClose: () => void;
}

export function VendorDialog({ vendor, saving, onSave, onClose }: VendorDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<VendorInput>();
  useEffect(() => {
    if (vendor === undefined) return;
    form.setFieldsValue({
      name: vendor?.name ?? '',
      description: vendor?.description ?? '',
      icon: vendor?.icon ?? '',
    });
  }, [vendor, form]);
  return (
    <Modal
      open={vendor !== undefined}
      title={vendor ? t('catalogue.vendors.edit') : t('catalogue.vendors.add')}
      okText={t('catalogue.common.save')}
      cancelText={t('catalogue.common.cancel')}
      confirmLoading={saving}
      onOk={() =>
        void form
          .validateFields()
          .then((values) => onSave({ ...values, ...(vendor ? { id: vendor.id } : {}) }))
      }
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="vendor-form">
        <Form.Item
          name="name"
          label={t('catalogue.vendors.name')}
          rules={[{ required: true, whitespace: true, max: 128 }]}
        >
          <Input data-testid="vendor-name" />
        </Form.Item>
        <Form.Item
          name="icon"
          label={t('catalogue.common.icon')}
          extra={t('catalogue.common.iconHint')}
          rules={[{ max: 128 }]}
        >
          <Input data-testid="vendor-icon" />
        </Form.Item>
        <Form.Item name="description" label={t('catalogue.common.description')}>
          <Input.TextArea rows={3} data-testid="vendor-description" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
