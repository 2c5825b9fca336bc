import { LogCleaner } from './LogCleaner.tsx';
import { ModelRatioSettings } from './ModelRatioSettings.tsx';
import { OptionSections } from './OptionSection.tsx';
import {
  chatFields,
  checkinFields,
  checkinRangeProblem,
  dashboardFields,
  drawingFields,
  generalFields,
  groupFields,
  logFields,
  monitoringFields,
  quotaFields,
  sensitiveFields,
} from './operation-fields.ts';
import { PaymentSettings } from './PaymentSettings.tsx';

/** The operation tab (docs/reference/console-screens.md "Settings"): one card per section, each saving its own changed keys. */
export function OperationTab({ options }: { options: Record<string, string> }) {
  return (
    <>
      <OptionSections
        options={options}
        sections={[
          { name: 'general', title: 'settings.section.general', fields: generalFields },
          { name: 'group', title: 'settings.section.group', fields: groupFields },
        ]}
      />
      <PaymentSettings options={options} />
      <ModelRatioSettings options={options} />
      <OptionSections
        options={options}
        sections={[
          { name: 'chats', title: 'settings.section.chats', fields: chatFields },
          { name: 'drawing', title: 'settings.section.drawing', fields: drawingFields },
          { name: 'sensitive', title: 'settings.section.sensitive', fields: sensitiveFields },
          { name: 'logs', title: 'settings.section.logs', fields: logFields, extra: () => <LogCleaner /> },
          { name: 'dashboard', title: 'settings.section.dashboard', fields: dashboardFields },
          { name: 'monitoring', title: 'settings.section.monitoring', fields: monitoringFields },
          { name: 'quota', title: 'settings.section.quota', fields: quotaFields },
          {
            name: 'checkin',
            title: 'checkin.settings.title',
            fields: checkinFields,
            beforeSave: checkinRangeProblem,
          },
        ]}
      />
    </>
  );
}
