import { useTranslation } from 'react-i18next';
import { FormSwitch } from '../../components/FormSwitch.tsx';

/**
 * Whether the client IP is written into the user's consumption and error log rows (new-api's privacy
 * switch; docs/reference/console-entities.md "User setting"). Off unless the user turns it on.
 */
export function PrivacySettingsTab() {
  const { t } = useTranslation();
  return (
    <FormSwitch
      name="record_ip_log"
      label={t('personal.privacy.recordIpLog')}
      extra={t('personal.privacy.recordIpLogHelp')}
      onOffTexts={[t('personal.privacy.on'), t('personal.privacy.off')]}
      testId="personal-record-ip-log"
    />
  );
}
