import { Button, type FormInstance } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isHttpAddress } from '../../../../common/http-address.ts';
import { showError, showSuccess } from '../../components/feedback.ts';
import { readOidcEndpoints } from './setting-rules.ts';

/** Reads the OIDC well-known document in the browser and fills the three endpoints (docs/reference/console-api.md "External"). */
export function OidcDiscoveryButton({ form }: { form: FormInstance }) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);

  const discover = async () => {
    const url = String(form.getFieldValue('oidc.well_known') ?? '').trim();
    if (!isHttpAddress(url)) {
      showError(t('settings.oidc.urlInvalid'));
      return;
    }
    setBusy(true);
    try {
      const response = await fetch(url);
      if (!response.ok) throw new Error(String(response.status));
      const endpoints = readOidcEndpoints(await response.json());
      if (!endpoints) throw new Error('incomplete');
      form.setFieldsValue({
        'oidc.authorization_endpoint': endpoints.authorization_endpoint,
        'oidc.token_endpoint': endpoints.token_endpoint,
        'oidc.user_info_endpoint': endpoints.userinfo_endpoint,
      });
      showSuccess(t('settings.oidc.fetched'));
    } catch {
      showError(t('settings.oidc.fetchFailed'));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div style={{ marginBottom: 16 }}>
      <Button onClick={discover} loading={busy} data-testid="settings-oidc-discover">
        {t('settings.oidc.discover')}
      </Button>
    </div>
  );
}
