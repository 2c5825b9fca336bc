import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { FormInput } from '../../components/FormInput.tsx';
import { showSuccess } from '../../components/feedback.ts';
import { ruleOf } from '../../components/form-rules.ts';
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

  const confirmationRule = ruleOf(t, (confirmation) =>
    validatePasswordConfirmation(form.getFieldValue('password') ?? '', confirmation),
  );

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
        <FormInput
          name="original_password"
          label={t('personal.password.original')}
          password
          placeholder={t('personal.password.originalPlaceholder')}
          autoComplete="current-password"
          testId="personal-password-original"
        />
        <FormInput
          name="password"
          label={t('personal.password.new')}
          rules={[ruleOf(t, validateNewPassword)]}
          password
          placeholder={t('personal.password.newPlaceholder')}
          autoComplete="new-password"
          testId="personal-password-new"
        />
        <FormInput
          name="confirmation"
          label={t('personal.password.confirm')}
          dependencies={['password']}
          rules={[confirmationRule]}
          password
          placeholder={t('personal.password.confirmPlaceholder')}
          autoComplete="new-password"
          testId="personal-password-confirm"
        />
      </Form>
    </Modal>
  );
}
