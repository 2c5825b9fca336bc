import { OptionSection } from './OptionSection.tsx';
import { claudeFields, geminiFields, globalModelFields } from './operation-fields.ts';

/** The models tab (docs/reference/console-screens.md): global, Gemini and Claude settings. */
export function ModelsTab({ options }: { options: Record<string, string> }) {
  return (
    <>
      <OptionSection
        name="models-global"
        title="settings.section.modelsGlobal"
        fields={globalModelFields}
        options={options}
      />
      <OptionSection name="gemini" title="settings.section.gemini" fields={geminiFields} options={options} />
      <OptionSection name="claude" title="settings.section.claude" fields={claudeFields} options={options} />
    </>
  );
}
