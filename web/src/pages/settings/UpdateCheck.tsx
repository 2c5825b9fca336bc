import { App, Button, Descriptions } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError, showSuccess } from '../../components/feedback.ts';
import { RichContent } from '../../components/RichContent.tsx';
import { markdownToSafeHtml } from '../../components/rich-content.ts';
import { useStatus } from '../../components/status.tsx';
import { LATEST_RELEASE_URL } from './settings-api.ts';

interface Release {
  tag_name: string;
  body: string;
}

function readRelease(value: unknown): Release | null {
  if (typeof value !== 'object' || value === null) return null;
  const { tag_name: tagName, body } = value as Record<string, unknown>;
  if (typeof tagName !== 'string' || tagName === '') return null;
  return { tag_name: tagName, body: typeof body === 'string' ? body : '' };
}

/** System information with the update check against the public release feed (docs/reference/console-screens.md "Other"). */
export function UpdateCheck() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const status = useStatus();
  const [busy, setBusy] = useState(false);

  const check = async () => {
    setBusy(true);
    try {
      const response = await fetch(LATEST_RELEASE_URL);
      if (!response.ok) throw new Error(String(response.status));
      const release = readRelease(await response.json());
      if (!release) throw new Error('no release');
      if (release.tag_name === status.version) {
        showSuccess(t('settings.update.upToDate', { version: release.tag_name }));
        return;
      }
      modal.info({
        width: 640,
        title: t('settings.update.newVersion', { version: release.tag_name }),
        content: (
          <RichContent
            view={{ kind: 'html', html: markdownToSafeHtml(release.body) }}
            title={release.tag_name}
          />
        ),
        okText: t('settings.common.close'),
      });
    } catch {
      showError(t('settings.update.failed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Descriptions
        column={1}
        size="small"
        style={{ marginBottom: 16 }}
        items={[
          { key: 'version', label: t('settings.update.version'), children: status.version || '—' },
          {
            key: 'start',
            label: t('settings.update.startTime'),
            children: status.start_time ? dayjs.unix(status.start_time).format('YYYY-MM-DD HH:mm:ss') : '—',
          },
        ]}
      />
      <Button onClick={check} loading={busy} data-testid="settings-update-check">
        {t('settings.update.check')}
      </Button>
    </>
  );
}
