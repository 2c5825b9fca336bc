import { Button, DatePicker, Form, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { showError, showSuccess } from '../../components/feedback.ts';
import { clearLogsBefore } from './settings-api.ts';

/** Deletes the usage logs older than a chosen time (docs/reference/console-constants.md: default one month ago). */
export function LogCleaner() {
  const { t } = useTranslation();
  const [time, setTime] = useState<Dayjs | null>(() => dayjs().subtract(1, 'month'));
  const [busy, setBusy] = useState(false);

  const clear = async () => {
    if (!time) {
      showError(t('settings.logs.chooseTime'));
      return;
    }
    setBusy(true);
    try {
      const reply = await clearLogsBefore(time.unix());
      if (reply.success) showSuccess(t('settings.logs.cleared', { count: Number(reply.data ?? 0) }));
      else showError(reply.message);
    } catch (error) {
      if (!(error instanceof ApiError)) showError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form.Item label={t('settings.logs.clearBefore')} extra={t('settings.logs.clearHelp')}>
      <Space wrap>
        <DatePicker showTime value={time} onChange={setTime} data-testid="settings-log-clean-time" />
        <Button danger onClick={clear} loading={busy} data-testid="settings-log-clean">
          {t('settings.logs.clear')}
        </Button>
      </Space>
    </Form.Item>
  );
}
