import { LogCleaner } from './LogCleaner.tsx';
import { ModelRatioSettings } from './ModelRatioSettings.tsx';
import { OptionSection } from './OptionSection.tsx';
import {
  chatFields,
  dashboardFields,
  drawingFields,
  generalFields,
  groupFields,
  logFields,
  monitoringFields,
  quotaFields,
  sensitiveFields,
} from './operation-fields.ts';

/** The operation tab (docs/reference/console-screens.md "Settings"): one card per section, each saving its own changed keys. */
export function OperationTab({ options }: { options: Record<string, string> }) {
  return (
    <>
      <OptionSection
        name="general"
        title="settings.section.general"
        fields={generalFields}
        options={options}
      />
      <OptionSection name="group" title="settings.section.group" fields={groupFields} options={options} />
      <ModelRatioSettings options={options} />
      <OptionSection name="chats" title="settings.section.chats" fields={chatFields} options={options} />
      <OptionSection
        name="drawing"
        title="settings.section.drawing"
        fields={drawingFields}
        options={options}
      />
      <OptionSection
        name="sensitive"
        title="settings.section.sensitive"
        fields={sensitiveFields}
        options={options}
      />
      <OptionSection
        name="logs"
        title="settings.section.logs"
        fields={logFields}
        options={options}
        extra={() => <LogCleaner />}
      />
      <OptionSection
        name="dashboard"
        title="settings.section.dashboard"
        fields={dashboardFields}
        options={options}
      />
      <OptionSection
        name="monitoring"
        title="settings.section.monitoring"
        fields={monitoringFields}
        options={options}
      />
      <OptionSection name="quota" title="settings.section.quota" fields={quotaFields} options={options} />
    </>
  );
}
