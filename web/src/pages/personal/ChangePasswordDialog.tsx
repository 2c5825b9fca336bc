import { Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../components/feedback.ts';
import { validateNewPassword, validatePasswordConfirmation } from './personal-rules.ts';
import { useUpdateSelf } from './use-personal.ts';

interface PasswordValues {
  original_password?: string;
  password: string;
  confirmation: string;
}

export interface ChangePasswordDialogProps {
  open: boolean;
  onClose: () => void;
}

/** New password twice plus the original one, sent as PUT /api/user/self (docs/reference/console-validation.md, docs/reference/console-roles.md). */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const updateSelfMutation = useUpdateSelf();

  const submit = (values: PasswordValues) => {
    updateSelfMutation.mutate(
      { password: values.password, original_password: values.original_password ?? '' },
      {
        onSuccess: () => {
          showSuccess(t('personal.password.success'));
          onClose();
        },
      },
    );
  };

  const newPasswordRule = {
    validator: (_rule: unknown, value: string | undefined) => {
      const error = validateNewPassword(value ?? '');
      return error ? Promise.reject(new Error(t(error))) : Promise.resolve();
    },
  };

  const confirmationRule = {
    validator: (_rule: unknown, value: string | undefined) => {
      const error = validatePasswordConfirmation(form.getFieldValue('password') ?? '', value ?? '');
      return error ? Promise.reject(new Error(t(error))) : Promise.resolve();
    },
  };

  return (
    <Modal
      title={t('personal.password.change')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('personal.password.submit')}
      cancelText={t('personal.password.cancel')}
      confirmLoading={updateSelfMutation.isPending}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        onFinish={submit}
        preserve={false}
        data-testid="personal-password-form"
      >
        <Form.Item name="original_password" label={t('personal.password.original')}>
          <Input.Password
            placeholder={t('personal.password.originalPlaceholder')}
            autoComplete="current-password"
            data-testid="personal-password-original"
          />
        </Form.Item>
        <Form.Item name="password" label={t('personal.password.new')} rules={[newPasswordRule]}>
          <Input.Password
            placeholder={t('personal.password.newPlaceholder')}
            autoComplete="new-password"
            data-testid="personal-password-new"
          />
        </Form.Item>
        <Form.Item
          name="confirmation"
          label={t('personal.password.confirm')}
          dependencies={['password']}
          rules={[confirmationRule]}
        >
          <Input.Password
            placeholder={t('personal.password.confirmPlaceholder')}
            autoComplete="new-password"
            data-testid="personal-password-confirm"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
