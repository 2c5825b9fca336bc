import { CopyOutlined } from '@ant-design/icons';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { confirmPasswordReset } from '../../api/auth.ts';
import { AuthCard, AuthCardNote, AuthCardWarning, SubmitButton } from '../../components/AuthCard.tsx';
import { copyText, showError, showSuccess } from '../../components/feedback.ts';
import { readResetLink } from './reset-rules.ts';

/**
 * Route /user/reset?email&token (the emailed link): one submit spends the token; the new password is
 * shown and copied to the clipboard, and the button then reads 'password reset complete'.
 */
export function ResetConfirmPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const link = readResetLink(searchParams);
  const [submitting, setSubmitting] = useState(false);
  const [newPassword, setNewPassword] = useState('');
  const done = newPassword !== '';

  const copyPassword = async (password: string) => {
    if (await copyText(password)) showSuccess(t('reset.confirm.copied'));
  };

  const submit = async () => {
    if (!link || done || submitting) return;
    setSubmitting(true);
    try {
      const reply = await confirmPasswordReset(link.email, link.token);
      if (reply.success && reply.data) {
        setNewPassword(reply.data);
        await copyPassword(reply.data);
      } else {
        showError(reply.message || t('reset.confirm.failed'));
      }
    } catch (error) {
      showError(error);
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <AuthCard title={t('reset.confirm.title')}>
      {!link && <AuthCardWarning title={t('reset.confirm.invalidLink')} testId="reset-invalid-link" />}
      <Form layout="vertical" onFinish={() => void submit()}>
        <Form.Item label={t('reset.confirm.email')}>
          <Input value={link?.email ?? ''} readOnly data-testid="reset-confirm-email" />
        </Form.Item>
        {done && (
          <Form.Item label={t('reset.confirm.newPassword')} extra={t('reset.confirm.newPasswordHint')}>
            <Space.Compact style={{ width: '100%' }}>
              <Input value={newPassword} readOnly data-testid="reset-new-password" />
              <Button icon={<CopyOutlined />} onClick={() => void copyPassword(newPassword)}>
                {t('reset.confirm.copy')}
              </Button>
            </Space.Compact>
          </Form.Item>
        )}
        <SubmitButton loading={submitting} disabled={!link || done} testId="reset-confirm-submit">
          {done ? t('reset.confirm.complete') : t('reset.confirm.submit')}
        </SubmitButton>
      </Form>
      <AuthCardNote>
        <Link to="/login">{t('reset.confirm.toLogin')}</Link>
      </AuthCardNote>
    </AuthCard>
  );
}
