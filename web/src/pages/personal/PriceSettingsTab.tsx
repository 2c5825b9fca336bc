import { Alert, Checkbox, Form } from 'antd';
import { useTranslation } from 'react-i18next';

/** Whether requests may use models that have no price or ratio set (docs/reference/console-entities.md accept_unset_model_ratio_model). */
export function PriceSettingsTab() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item
        name="accept_unset_model_ratio_model"
        valuePropName="checked"
        extra={t('personal.price.acceptUnsetHelp')}
      >
        <Checkbox data-testid="personal-accept-unset-ratio">{t('personal.price.acceptUnset')}</Checkbox>
      </Form.Item>
      <Alert
        type="warning"
        showIcon
        title={t('personal.price.acceptUnsetWarning')}
        style={{ marginBottom: 16 }}
      />
    </>
  );
}
