import { Alert, Card, Spin, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { useSession } from '../../components/session.tsx';
import { ModelsTab } from './ModelsTab.tsx';
import { OperationTab } from './OperationTab.tsx';
import { OptionSection } from './OptionSection.tsx';
import { OtherTab } from './OtherTab.tsx';
import { rateLimitFields } from './operation-fields.ts';
import { SystemTab } from './SystemTab.tsx';
import { resolveTab, type SettingsTab, visibleTabs } from './settings-tabs.ts';
import { TrafficTab } from './TrafficTab.tsx';
import { useOptions } from './use-options.ts';

const tabLabels: Record<SettingsTab, string> = {
  operation: 'settings.tab.operation',
  ratelimit: 'settings.tab.ratelimit',
  traffic: 'traffic.tab',
  models: 'settings.tab.models',
  system: 'settings.tab.system',
  other: 'settings.tab.other',
};

function TabBody({ tab, options }: { tab: SettingsTab; options: Record<string, string> }) {
  switch (tab) {
    case 'operation':
      return <OperationTab options={options} />;
    case 'ratelimit':
      return (
        <OptionSection
          name="ratelimit"
          title="settings.section.ratelimit"
          fields={rateLimitFields}
          options={options}
        />
      );
    case 'traffic':
      return <TrafficTab options={options} />;
    case 'models':
      return <ModelsTab options={options} />;
    case 'system':
      return <SystemTab options={options} />;
    default:
      return <OtherTab options={options} />;
  }
}

/**
 * Route /setting (docs/reference/console-screens.md "Settings"): administrators only, tabs chosen by ?tab=. The options API is root-only,
 * so an administrator who is not root sees the tabs without forms and a note (the other tab keeps the system
 * information and the update check, which need no option).
 */
export function SettingsPage() {
  const { t } = useTranslation();
  const { isAdmin, isRoot } = useSession();
  const [searchParams, setSearchParams] = useSearchParams();
  const optionsQuery = useOptions(isRoot);
  if (!isAdmin) return <Navigate to="/personal" replace />;

  const tab = resolveTab(searchParams.get('tab'), isRoot);
  const selectTab = (next: string) => {
    const params = new URLSearchParams(searchParams);
    params.set('tab', next);
    setSearchParams(params, { replace: true });
  };

  let body: React.ReactNode;
  if (!isRoot) {
    body =
      tab === 'other' ? (
        <OtherTab options={null} />
      ) : (
        <Alert type="info" showIcon title={t('settings.rootOnly')} data-testid="settings-root-only" />
      );
  } else if (optionsQuery.data) {
    body = <TabBody tab={tab} options={optionsQuery.data} />;
  } else if (optionsQuery.isError) {
    body = <Alert type="error" showIcon title={t('settings.save.refreshFailed')} />;
  } else {
    body = <Spin />;
  }

  return (
    <Card title={t('settings.title')}>
      <Tabs
        activeKey={tab}
        onChange={selectTab}
        items={visibleTabs(isRoot).map((name) => ({
          key: name,
          label: <span data-testid={`settings-tab-${name}`}>{t(tabLabels[name])}</span>,
        }))}
      />
      {body}
    </Card>
  );
}
