import { SafetyOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Modal, Space, Tag, Typography } from 'antd';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup } from '../../api/security.ts';
import { showSuccess } from '../../components/feedback.ts';
import { copyWithToast } from './copy-with-toast.ts';
import {
  useDisableTwoFactor,
  useEnableTwoFactor,
  useRegenerateBackupCodes,
  useSetUpTwoFactor,
  useTwoFactorStatus,
} from './use-security.ts';

/** Backup codes, shown once, with a copy button. */
function BackupCodes({ codes }: { codes: string[] }) {
  const { t } = useTranslation();
  return (
    <>
      <Alert
        type="warning"
        showIcon
        message={t('security.twoFactor.backupCodesOnce')}
        style={{ marginBottom: 8 }}
      />
      <pre className="backup-codes" data-testid="personal-2fa-backup-codes" style={{ userSelect: 'all' }}>
        {codes.join('\n')}
      </pre>
      <Button size="small" onClick={() => copyWithToast(codes.join('\n'), t('security.twoFactor.copied'))}>
        {t('security.twoFactor.copyCodes')}
      </Button>
    </>
  );
}

/** Enrolment: the QR code (and the secret for typing in), the backup codes, then a code to confirm. */
function EnrolDialog({ setup, onClose }: { setup: TwoFactorSetup; onClose: () => void }) {
  const { t } = useTranslation();
  const [qr, setQr] = useState('');
  const [code, setCode] = useState('');
  const enable = useEnableTwoFactor();
  useEffect(() => {
    QRCode.toDataURL(setup.qr_code_data, { margin: 1, width: 200 }).then(setQr, () => setQr(''));
  }, [setup.qr_code_data]);
  const confirm = () =>
    enable.mutate(code.trim(), {
      onSuccess: () => {
        showSuccess(t('security.twoFactor.enabled'));
        onClose();
      },
    });
  return (
    <Modal
      open
      title={t('security.twoFactor.setUpTitle')}
      onCancel={onClose}
      onOk={confirm}
      okText={t('security.twoFactor.enable')}
      okButtonProps={{
        disabled: code.trim().length !== 6,
        loading: enable.isPending,
        'data-testid': 'personal-2fa-enable',
      }}
      width={420}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      <Typography.Paragraph>{t('security.twoFactor.scan')}</Typography.Paragraph>
      {qr !== '' && (
        <div style={{ textAlign: 'center', background: '#fff', padding: 8, borderRadius: 8 }}>
          <img
            src={qr}
            alt={t('security.twoFactor.qrAlt')}
            width={200}
            height={200}
            data-testid="personal-2fa-qr"
          />
        </div>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('security.twoFactor.secret')}{' '}
        <Typography.Text code copyable data-testid="personal-2fa-secret">
          {setup.secret}
        </Typography.Text>
      </Typography.Paragraph>
      <BackupCodes codes={setup.backup_codes} />
      <Input
        style={{ marginTop: 12 }}
        value={code}
        onChange={(event) => setCode(event.target.value)}
        onPressEnter={confirm}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        placeholder={t('security.twoFactor.codePlaceholder')}
        aria-label={t('security.twoFactor.code')}
        data-testid="personal-2fa-code"
      />
    </Modal>
  );
}

/** Asks for a current code before turning two-factor off or replacing the backup codes. */
function CodeDialog(props: {
  title: string;
  hint: string;
  okText: string;
  danger?: boolean;
  loading: boolean;
  onSubmit: (code: string) => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  return (
    <Modal
      open
      title={props.title}
      onCancel={props.onClose}
      onOk={() => props.onSubmit(code.trim())}
      okText={props.okText}
      okButtonProps={{
        danger: props.danger ?? false,
        disabled: code.trim() === '',
        loading: props.loading,
        'data-testid': 'personal-2fa-confirm',
      }}
      style={{ maxWidth: 'calc(100vw - 16px)' }}
    >
      <Typography.Paragraph type="secondary">{props.hint}</Typography.Paragraph>
      <Input
        value={code}
        onChange={(event) => setCode(event.target.value)}
        autoComplete="one-time-code"
        maxLength={32}
        placeholder={t('security.twoFactor.codePlaceholder')}
        aria-label={t('security.twoFactor.code')}
        data-testid="personal-2fa-confirm-code"
      />
    </Modal>
  );
}

/** The personal page's two-factor part: status, enrolment, backup codes, turning it off. */
export function TwoFactorSection() {
  const { t } = useTranslation();
  const status = useTwoFactorStatus();
  const setUp = useSetUpTwoFactor();
  const disable = useDisableTwoFactor();
  const regenerate = useRegenerateBackupCodes();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [dialog, setDialog] = useState<'disable' | 'regenerate' | null>(null);
  const [freshCodes, setFreshCodes] = useState<string[] | null>(null);
  const enabled = status.data?.enabled === true;

  return (
    <>
      <Typography.Title level={5}>
        {t('security.twoFactor.title')}{' '}
        <Tag color={enabled ? 'green' : 'default'} data-testid="personal-2fa-state">
          {enabled ? t('security.twoFactor.on') : t('security.twoFactor.off')}
        </Tag>
      </Typography.Title>
      <Typography.Paragraph type="secondary">
        {enabled
          ? t('security.twoFactor.remaining', { count: status.data?.backup_codes_remaining ?? 0 })
          : t('security.twoFactor.description')}
      </Typography.Paragraph>
      {enabled ? (
        <Space wrap>
          <Button onClick={() => setDialog('regenerate')} data-testid="personal-2fa-regenerate">
            {t('security.twoFactor.regenerate')}
          </Button>
          <Button danger onClick={() => setDialog('disable')} data-testid="personal-2fa-disable">
            {t('security.twoFactor.disable')}
          </Button>
        </Space>
      ) : (
        <Button
          icon={<SafetyOutlined />}
          loading={setUp.isPending}
          onClick={() => setUp.mutate(undefined, { onSuccess: setSetup })}
          data-testid="personal-2fa-setup"
        >
          {t('security.twoFactor.setUp')}
        </Button>
      )}
      {setup && <EnrolDialog setup={setup} onClose={() => setSetup(null)} />}
      {dialog === 'disable' && (
        <CodeDialog
          title={t('security.twoFactor.disable')}
          hint={t('security.twoFactor.disableHint')}
          okText={t('security.twoFactor.disable')}
          danger
          loading={disable.isPending}
          onSubmit={(code) =>
            disable.mutate(code, {
              onSuccess: () => {
                showSuccess(t('security.twoFactor.disabled'));
                setDialog(null);
              },
            })
          }
          onClose={() => setDialog(null)}
        />
      )}
      {dialog === 'regenerate' && (
        <CodeDialog
          title={t('security.twoFactor.regenerate')}
          hint={t('security.twoFactor.regenerateHint')}
          okText={t('security.twoFactor.regenerate')}
          loading={regenerate.isPending}
          onSubmit={(code) =>
            regenerate.mutate(code, {
              onSuccess: (codes) => {
                setDialog(null);
                setFreshCodes(codes);
              },
            })
          }
          onClose={() => setDialog(null)}
        />
      )}
      {freshCodes && (
        <Modal
          open
          title={t('security.twoFactor.newCodes')}
          footer={null}
          onCancel={() => setFreshCodes(null)}
          style={{ maxWidth: 'calc(100vw - 16px)' }}
        >
          <BackupCodes codes={freshCodes} />
        </Modal>
      )}
    </>
  );
}
