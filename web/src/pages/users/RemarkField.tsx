import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { REMARK_MAX_LENGTH } from './user-form-rules.ts';

/** The admin's note on a user (add and edit forms). */
export function RemarkField({ testId }: { testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name="remark" label={t('users.fields.remark')}>
      <Input.TextArea
        maxLength={REMARK_MAX_LENGTH}
        autoSize={{ minRows: 1, maxRows: 4 }}
        placeholder={t('users.placeholders.remark')}
        data-testid={testId}
      />
    </Form.Item>
  );
}
