import { CopyOutlined, DeleteOutlined, KeyOutlined, LockOutlined } from '@ant-design/icons';
import { Button, Card, Divider, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText, showSuccess } from '../../components/feedback.ts';
import { ChangePasswordDialog } from './ChangePasswordDialog.tsx';
import { copyWithToast } from './copy-with-toast.ts';
import { DeleteAccountDialog } from './DeleteAccountDialog.tsx';
import { PasskeySection } from './PasskeySection.tsx';
import { TwoFactorSection } from './TwoFactorSection.tsx';
import { useGenerateAccessToken } from './use-personal.ts';

export interface SecurityCardProps {
  username: string;
}

/** System access token, two-factor sign-in and passkeys (docs/security.md), password change and account deletion (docs/reference/console-screens.md "Personal settings"). */
export function SecurityCard({ username }: SecurityCardProps) {
  const { t } = useTranslation();
  const tokenMutation = useGenerateAccessToken();
  const [accessToken, setAccessToken] = useState('');
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [deleteOpen, setDeleteOpen] = useState(false);

  const generateToken = () => {
    tokenMutation.mutate(undefined, {
      onSuccess: async (token) => {
        setAccessToken(token);
        if (await copyText(token)) showSuccess(t('personal.accessToken.success'));
      },
    });
  };

  return (
    <Card title={t('personal.security.title')}>
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('personal.accessToken.title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('personal.accessToken.description')}</Typography.Paragraph>
      <Button
        icon={<KeyOutlined />}
        loading={tokenMutation.isPending}
        onClick={generateToken}
        data-testid="personal-generate-token"
      >
        {t('personal.accessToken.generate')}
      </Button>
      {accessToken !== '' && (
        <Space.Compact style={{ width: '100%', marginTop: 12 }}>
          <Input
            readOnly
            value={accessToken}
            aria-label={t('personal.accessToken.label')}
            data-testid="personal-access-token"
          />
          <Button
            icon={<CopyOutlined />}
            onClick={() => copyWithToast(accessToken, t('personal.accessToken.copied'))}
          >
            {t('personal.accessToken.copy')}
          </Button>
        </Space.Compact>
      )}
      <Divider />
      <TwoFactorSection />
      <Divider />
      <PasskeySection />
      <Divider />
      <Typography.Title level={5}>{t('personal.password.change')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('personal.password.description')}</Typography.Paragraph>
      <Button
        icon={<LockOutlined />}
        onClick={() => setPasswordOpen(true)}
        data-testid="personal-change-password"
      >
        {t('personal.password.change')}
      </Button>
      <Divider />
      <Typography.Title level={5}>{t('personal.deleteAccount.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('personal.deleteAccount.description')}</Typography.Paragraph>
      <Button
        danger
        icon={<DeleteOutlined />}
        onClick={() => setDeleteOpen(true)}
        data-testid="personal-delete-account"
      >
        {t('personal.deleteAccount.button')}
      </Button>
      <ChangePasswordDialog open={passwordOpen} onClose={() => setPasswordOpen(false)} />
      <DeleteAccountDialog open={deleteOpen} username={username} onClose={() => setDeleteOpen(false)} />
    </Card>
  );
}
