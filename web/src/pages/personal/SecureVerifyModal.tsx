import { KeyOutlined, SafetyOutlined } from '@ant-design/icons';
import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Divider, Form, Input, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { reportFailure } from '../../api/client.ts';
import { secondFactors, verifyWithCode, verifyWithPasskey } from './secure-verify.ts';

export interface SecureVerifyModalProps {
  open: boolean;
  /** Says what the verification is for ("to view the channel key"). */
  purpose: string;
  onVerified: () => void;
  onCancel: () => void;
}

/**
 * Asks again before a sensitive action (docs/security.md "Asking again"): a code of the authenticator app (or a
 * backup code) or a passkey, whichever the user has; without either it says to set one up first.
 */
export function SecureVerifyModal({ open, purpose, onVerified, onCancel }: SecureVerifyModalProps) {
  const { t } = useTranslation();
  const factors = useQuery({ queryKey: ['user', 'second-factors'], queryFn: secondFactors, enabled: open });
  const byCode = useMutation({ mutationFn: verifyWithCode, onSuccess: onVerified, onError: reportFailure });
  const byPasskey = useMutation({
    mutationFn: () => verifyWithPasskey(t('security.verify.passkeyCancelled')),
    onSuccess: onVerified,
    onError: reportFailure,
  });
  const data = factors.data;
  return (
    <Modal
      title={t('security.verify.title')}
      open={open}
      onCancel={onCancel}
      footer={null}
      destroyOnHidden
      data-testid="secure-verify-modal"
    >
      <Typography.Paragraph type="secondary">{purpose}</Typography.Paragraph>
      {!data ? (
        <Spin />
      ) : !data.twoFactor && !data.passkey ? (
        <Alert
          type="warning"
          showIcon
          message={t('security.verify.noFactor')}
          data-testid="secure-verify-none"
        />
      ) : (
        <>
          {data.twoFactor ? (
            <Form<{ code?: string }>
              layout="vertical"
              requiredMark={false}
              onFinish={({ code = '' }) => {
                if (code.trim() === '') reportFailure(new Error(t('security.login.codeMissing')));
                else byCode.mutate(code.trim());
              }}
            >
              <Form.Item name="code" label={t('security.verify.code')}>
                <Input
                  prefix={<SafetyOutlined />}
                  autoComplete="one-time-code"
                  placeholder={t('security.login.codePlaceholder')}
                  maxLength={32}
                  data-testid="secure-verify-code"
                />
              </Form.Item>
              <Button
                type="primary"
                htmlType="submit"
                block
                loading={byCode.isPending}
                data-testid="secure-verify-submit"
              >
                {t('security.verify.submit')}
              </Button>
            </Form>
          ) : null}
          {data.twoFactor && data.passkey ? <Divider plain>{t('security.verify.or')}</Divider> : null}
          {data.passkey ? (
            <Button
              icon={<KeyOutlined />}
              block
              loading={byPasskey.isPending}
              onClick={() => byPasskey.mutate()}
              data-testid="secure-verify-passkey"
            >
              {t('security.verify.passkey')}
            </Button>
          ) : null}
        </>
      )}
    </Modal>
  );
}
