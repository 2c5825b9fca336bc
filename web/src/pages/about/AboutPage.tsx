import { Card, Spin, Typography } from 'antd';
import { Trans, useTranslation } from 'react-i18next';
import { getAbout } from '../../api/status.ts';
import { RichContent } from '../../components/RichContent.tsx';
import { useSiteContent } from '../../components/use-site-content.ts';

const PROJECT_URL = 'https://github.com/Calcium-Ion/new-api';

/** The administrator's about text (Markdown/HTML, or a https:// page in a frame), else a default note. */
export function AboutPage() {
  const { t } = useTranslation();
  const content = useSiteContent('about', getAbout);

  if (content.isPending) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
  const view = content.data ?? { kind: 'empty' };
  if (view.kind === 'frame') {
    return (
      <div className="full-bleed">
        <RichContent view={view} title={t('about.title')} testId="about-content" />
      </div>
    );
  }
  if (view.kind === 'html')
    return <RichContent view={view} title={t('about.title')} testId="about-content" />;
  return (
    <Card title={t('about.title')} data-testid="about-default">
      <Typography.Paragraph>{t('about.notSet')}</Typography.Paragraph>
      <Typography.Paragraph>
        <Trans
          i18nKey="about.project"
          components={{
            project: (
              <a href={PROJECT_URL} target="_blank" rel="noreferrer">
                New API
              </a>
            ),
          }}
        />
      </Typography.Paragraph>
    </Card>
  );
}
