import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { useStatus } from '../status.tsx';

/** Marks a site running in self-use or demo-site mode. */
export function ModeBadges() {
  const { t } = useTranslation();
  const status = useStatus();
  return (
    <>
      {status.self_use_mode_enabled && (
        <Tag color="purple" data-testid="self-use-badge" style={{ marginInlineEnd: 0 }}>
          {t('nav.selfUseBadge')}
        </Tag>
      )}
      {status.demo_site_enabled && (
        <Tag color="orange" data-testid="demo-site-badge" style={{ marginInlineEnd: 0 }}>
          {t('nav.demoSiteBadge')}
        </Tag>
      )}
    </>
  );
}
