import { Form, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormInput } from '../../components/FormInput.tsx';
import { showSuccess } from '../../components/feedback.ts';
import { NewPasswordFields } from '../../components/NewPasswordFields.tsx';
import { SecureVerifyModal } from './SecureVerifyModal.tsx';
import { secondFactors } from './secure-verify.ts';
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

/**
 * New password twice plus the original one, sent as PUT /api/user/self (docs/reference/console-validation.md,
 * docs/reference/console-roles.md). A user with two-factor or a passkey confirms it first (docs/security.md
 * "Asking again").
 */
export function ChangePasswordDialog({ open, onClose }: ChangePasswordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<PasswordValues>();
  const updateSelfMutation = useUpdateSelf();
  const [waiting, setWaiting] = useState<PasswordValues | null>(null);
  const [checking, setChecking] = useState(false);

  const send = (values: PasswordValues) => {
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

  const submit = async (values: PasswordValues) => {
    setChecking(true);
    try {
      const factors = await secondFactors();
      if (factors.twoFactor || factors.passkey) setWaiting(values);
      else send(values);
    } finally {
      setChecking(false);
    }
  };

  return (
    <Modal
      title={t('personal.password.change')}
      open={open}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('personal.password.submit')}
      cancelText={t('personal.password.cancel')}
      confirmLoading={updateSelfMutation.isPending || checking}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        // The new password is checked like the sign-up's, but this form never marked its fields as required.
        requiredMark={false}
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
        <NewPasswordFields
          confirmName="confirmation"
          labels={{ password: t('personal.password.new'), confirm: t('personal.password.confirm') }}
          placeholders={{
            password: t('personal.password.newPlaceholder'),
            confirm: t('personal.password.confirmPlaceholder'),
          }}
          testIdPrefix="personal-password"
          messages={{
            required: 'personal.password.required',
            tooShort: 'personal.password.tooShort',
            mismatch: 'personal.password.mismatch',
          }}
        />
      </Form>
      <SecureVerifyModal
        open={waiting !== null}
        purpose={t('security.verify.forPassword')}
        onCancel={() => setWaiting(null)}
        onVerified={() => {
          if (waiting) send(waiting);
          setWaiting(null);
        }}
      />
    </Modal>
  );
}
