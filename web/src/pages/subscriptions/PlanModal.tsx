import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, InputNumber, Modal, Select, Space, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { SubscriptionPlanEntry, SubscriptionPlanPayload } from '../../../../common/api/subscriptions.ts';
import { useSavePlan } from '../wallet/subscription-api.ts';

type FormValues = SubscriptionPlanPayload['plan'] & { items: SubscriptionPlanPayload['items'] };

const EMPTY: FormValues = {
  title: '',
  subtitle: '',
  price_amount: 0,
  currency: 'USD',
  duration_unit: 'month',
  duration_value: 1,
  custom_seconds: 0,
  enabled: true,
  sort_order: 0,
  stripe_price_id: '',
  creem_product_id: '',
  items: [{ model_name: '', quota_type: 1, amount_total: 100 }],
};

/** Creates or edits a plan with its allowances (docs/subscriptions.md "Plans"); the server checks every field. */
export function PlanModal({
  entry,
  open,
  onClose,
}: {
  entry: SubscriptionPlanEntry | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<FormValues>();
  const save = useSavePlan();
  const unit = Form.useWatch('duration_unit', form);

  useEffect(() => {
    if (!open) return;
    form.setFieldsValue(
      entry
        ? {
            ...entry.plan,
            items: entry.items.map(({ model_name, quota_type, amount_total }) => ({
              model_name,
              quota_type,
              amount_total,
            })),
          }
        : EMPTY,
    );
  }, [open, entry, form]);

  const submit = (values: FormValues) => {
    const { items, ...plan } = values;
    save.mutate(
      { id: entry?.plan.id ?? null, payload: { plan, items: items ?? [] } },
      { onSuccess: onClose },
    );
  };

  return (
    <Modal
      open={open}
      title={entry ? t('subscriptions.editPlan') : t('subscriptions.createPlan')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={save.isPending}
      okText={t('subscriptions.save')}
      cancelText={t('subscriptions.cancel')}
      width={640}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" onFinish={submit} data-testid="plan-form">
        <Form.Item name="title" label={t('subscriptions.field.title')}>
          <Input maxLength={128} data-testid="plan-title" />
        </Form.Item>
        <Form.Item name="subtitle" label={t('subscriptions.field.subtitle')}>
          <Input maxLength={255} />
        </Form.Item>
        <Space wrap>
          <Form.Item name="price_amount" label={t('subscriptions.field.price')}>
            <InputNumber min={0} step={0.01} data-testid="plan-price" />
          </Form.Item>
          <Form.Item name="currency" label={t('subscriptions.field.currency')}>
            <Input maxLength={8} style={{ width: 90 }} />
          </Form.Item>
          <Form.Item name="duration_unit" label={t('subscriptions.field.unit')}>
            <Select
              style={{ width: 120 }}
              options={['year', 'month', 'day', 'hour', 'custom'].map((value) => ({
                value,
                label: t(`subscriptions.unitName.${value}`),
              }))}
            />
          </Form.Item>
          {unit === 'custom' ? (
            <Form.Item name="custom_seconds" label={t('subscriptions.field.customSeconds')}>
              <InputNumber min={1} precision={0} />
            </Form.Item>
          ) : (
            <Form.Item name="duration_value" label={t('subscriptions.field.durationValue')}>
              <InputNumber min={1} precision={0} />
            </Form.Item>
          )}
          <Form.Item name="sort_order" label={t('subscriptions.field.sortOrder')}>
            <InputNumber precision={0} />
          </Form.Item>
          <Form.Item name="enabled" label={t('subscriptions.field.enabled')} valuePropName="checked">
            <Switch />
          </Form.Item>
        </Space>
        <Form.List name="items">
          {(fields, { add, remove }) => (
            <>
              {fields.map((field, index) => (
                <Space key={field.key} align="baseline" wrap>
                  <Form.Item
                    name={[field.name, 'model_name']}
                    label={index === 0 ? t('subscriptions.field.model') : ''}
                  >
                    <Input style={{ width: 180 }} data-testid={`plan-item-model-${index}`} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'quota_type']}
                    label={index === 0 ? t('subscriptions.field.type') : ''}
                  >
                    <Select
                      style={{ width: 130 }}
                      options={[
                        { value: 0, label: t('subscriptions.typeQuota') },
                        { value: 1, label: t('subscriptions.typeRequests') },
                      ]}
                    />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'amount_total']}
                    label={index === 0 ? t('subscriptions.field.amount') : ''}
                  >
                    <InputNumber min={1} precision={0} data-testid={`plan-item-amount-${index}`} />
                  </Form.Item>
                  <MinusCircleOutlined
                    aria-label={t('subscriptions.removeItem')}
                    onClick={() => remove(field.name)}
                  />
                </Space>
              ))}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() => add({ model_name: '', quota_type: 0, amount_total: 1 })}
              >
                {t('subscriptions.addItem')}
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Modal>
  );
}
