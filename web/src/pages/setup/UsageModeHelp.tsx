import { Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** Explains the three usage modes offered by the setup form. */
export function UsageModeHelp({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={t('setup.modeHelpTitle')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('common.gotIt')}
      cancelButtonProps={{ style: { display: 'none' } }}
    >
      {(['external', 'self', 'demo'] as const).map((mode) => (
        <div key={mode} style={{ marginBottom: 12 }}>
          <Typography.Text strong>{t(`setup.mode.${mode}`)}</Typography.Text>
          <Typography.Paragraph style={{ marginBottom: 0 }}>
            {t(`setup.modeHelp.${mode}`)}
          </Typography.Paragraph>
        </div>
      ))}
    </Modal>
  );
}
