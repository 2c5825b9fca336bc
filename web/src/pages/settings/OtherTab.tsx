import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { OptionSections } from './OptionSection.tsx';
import { noticeFields, personalizationFields } from './system-fields.ts';
import { UpdateCheck } from './UpdateCheck.tsx';

/**
 * The other tab (docs/reference/console-screens.md): system information with the update check, the announcement and the site's
 * personalization. Without options (an administrator who is not root) only the system information shows.
 */
export function OtherTab({ options }: { options: Record<string, string> | null }) {
  const { t } = useTranslation();
  return (
    <>
      <Card title={t('settings.section.systemInfo')} size="small" style={{ marginBottom: 16 }}>
        <UpdateCheck />
      </Card>
      {options ? (
        <OptionSections
          options={options}
          sections={[
            { name: 'notice', title: 'settings.section.notice', fields: noticeFields },
            {
              name: 'personalization',
              title: 'settings.section.personalization',
              fields: personalizationFields,
            },
          ]}
        />
      ) : (
        <Alert type="info" showIcon title={t('settings.rootOnly')} data-testid="settings-root-only" />
      )}
    </>
  );
}
