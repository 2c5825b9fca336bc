import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Space, Tabs } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { showError, showSuccess } from '../../components/feedback.ts';
import { OptionSection } from './OptionSection.tsx';
import { modelRatioFields } from './operation-fields.ts';
import { PriceSyncDialog } from './PriceSyncDialog.tsx';
import { PricingEditor } from './PricingEditor.tsx';
import { ToolPricesEditor } from './pricing-tiers/ToolPricesEditor.tsx';
import { resetModelRatios } from './settings-api.ts';
import { UnsetModels } from './UnsetModels.tsx';
import { OPTIONS_QUERY_KEY } from './use-options.ts';

function ResetRatiosButton() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const reset = async () => {
    setBusy(true);
    try {
      const reply = await resetModelRatios();
      if (reply.success) {
        showSuccess(t('settings.ratio.resetDone'));
        await queryClient.invalidateQueries({ queryKey: OPTIONS_QUERY_KEY });
      } else showError(reply.message);
    } catch (error) {
      if (!(error instanceof ApiError)) showError(error);
    } finally {
      setBusy(false);
    }
  };

  const confirm = () =>
    modal.confirm({
      title: t('settings.ratio.resetTitle'),
      content: t('settings.ratio.resetContent'),
      okText: t('settings.common.confirm'),
      cancelText: t('settings.common.cancel'),
      okButtonProps: { danger: true },
      onOk: reset,
    });

  return (
    <Button
      danger
      onClick={confirm}
      loading={busy}
      style={{ marginRight: 8 }}
      data-testid="settings-ratio-reset"
    >
      {t('settings.ratio.reset')}
    </Button>
  );
}

/**
 * Model ratios: the JSON texts, the visual editor, and enabled models without pricing (docs/reference/console-screens.md);
 * the price sync from another gateway, OpenRouter or models.dev (docs/model-catalogue.md).
 */
export function ModelRatioSettings({ options }: { options: Record<string, string> }) {
  const { t } = useTranslation();
  const [syncOpen, setSyncOpen] = useState(false);
  return (
    <Card
      title={t('settings.section.ratio')}
      size="small"
      style={{ marginBottom: 16 }}
      extra={
        <Space size={8}>
          <Link to="/models" data-testid="settings-catalogue-link">
            {t('catalogue.title')}
          </Link>
          <Button size="small" onClick={() => setSyncOpen(true)} data-testid="settings-price-sync">
            {t('catalogue.sync.open')}
          </Button>
        </Space>
      }
    >
      <PriceSyncDialog open={syncOpen} onClose={() => setSyncOpen(false)} />
      <Tabs
        destroyOnHidden
        items={[
          {
            key: 'json',
            label: <span data-testid="settings-ratio-tab-json">{t('settings.ratio.jsonTab')}</span>,
            children: (
              <OptionSection
                name="ratio"
                title="settings.ratio.jsonTab"
                fields={modelRatioFields}
                options={options}
                extra={() => (
                  <div style={{ marginBottom: 16 }}>
                    <ResetRatiosButton />
                  </div>
                )}
              />
            ),
          },
          {
            key: 'visual',
            label: <span data-testid="settings-ratio-tab-visual">{t('settings.ratio.visualTab')}</span>,
            children: <PricingEditor options={options} />,
          },
          {
            key: 'tools',
            label: <span data-testid="settings-ratio-tab-tools">{t('settings.tools.tab')}</span>,
            children: <ToolPricesEditor options={options} />,
          },
          {
            key: 'unset',
            label: <span data-testid="settings-ratio-tab-unset">{t('settings.ratio.unsetTab')}</span>,
            children: <UnsetModels options={options} />,
          },
        ]}
      />
    </Card>
  );
}
