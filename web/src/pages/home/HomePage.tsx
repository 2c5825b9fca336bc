import { Alert, Button, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getHomePageContent, getNotice } from '../../api/status.ts';
import { RichContent } from '../../components/RichContent.tsx';
import { useSession } from '../../components/session.tsx';
import { useStatus } from '../../components/status.tsx';
import { useSiteContent } from '../../components/use-site-content.ts';
import { CONSOLE_PATH } from '../../nav.ts';

/** The administrator's home page content (Markdown/HTML, or a https:// page in a frame), else a welcome. */
export function HomePage() {
  const { t } = useTranslation();
  const content = useSiteContent('home', getHomePageContent);
  const notice = useSiteContent('notice', getNotice);
  const [noticeClosed, setNoticeClosed] = useState(false);

  if (content.isPending) return <Spin size="large" style={{ display: 'block', margin: '80px auto' }} />;
  const view = content.data ?? { kind: 'empty' };
  const noticeView = notice.data;

  return (
    <>
      {noticeView && noticeView.kind !== 'empty' && !noticeClosed && (
        <Alert
          type="info"
          showIcon
          closable={{ onClose: () => setNoticeClosed(true) }}
          title={t('home.notice')}
          description={<RichContent view={noticeView} title={t('home.notice')} />}
          style={{ marginBottom: 16 }}
          data-testid="home-notice"
        />
      )}
      {view.kind === 'frame' && (
        <div className="full-bleed">
          <RichContent view={view} title={t('home.title')} testId="home-content" />
        </div>
      )}
      {view.kind === 'html' && <RichContent view={view} title={t('home.title')} testId="home-content" />}
      {view.kind === 'empty' && <Welcome />}
    </>
  );
}

function Welcome() {
  const { t } = useTranslation();
  const status = useStatus();
  const { user } = useSession();
  const navigate = useNavigate();
  return (
    <div className="welcome" data-testid="home-welcome">
      <Typography.Title>{t('home.welcomeTitle', { name: status.system_name })}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ fontSize: 16 }}>
        {t('home.welcomeText')}
      </Typography.Paragraph>
      <Space wrap>
        <Button type="primary" size="large" onClick={() => navigate(user ? CONSOLE_PATH : '/login')}>
          {user ? t('home.openConsole') : t('home.getStarted')}
        </Button>
        {status.docs_link && (
          <Button size="large" href={status.docs_link} target="_blank" rel="noreferrer">
            {t('nav.docs')}
          </Button>
        )}
      </Space>
      {status.server_address && (
        <Typography.Paragraph style={{ marginTop: 24 }}>
          {t('home.apiAddress')}{' '}
          <Typography.Text code copyable data-testid="home-api-address">
            {status.server_address}
          </Typography.Text>
        </Typography.Paragraph>
      )}
    </div>
  );
}
