import { Alert, Button, Card, Space } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../../components/feedback.ts';
import type { OptionChange } from '../option-values.ts';
import { spaceCjkAndLatin } from '../setting-rules.ts';
import { useSaveOptions } from '../use-options.ts';
import type { RowProblem } from './draft-rows.ts';
import { problemText } from './problem-text.ts';

export interface TrafficSectionProps {
  /** Test ids: settings-section-<name>, settings-save-<name>, traffic-problems-<name>. */
  name: string;
  /** i18n keys of the card's title and of the line under it. */
  title: string;
  intro?: string;
  /** The draft's problems now; listed under the body once a save was refused. */
  problems: readonly RowProblem[];
  /** The options to write when there is no problem (useSaveOptions warns when empty). */
  changes: () => OptionChange[];
  /** The stored value was not readable: the editor started empty. */
  unreadable?: boolean;
  /** Buttons beside the save button (add a row, restore defaults). */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A settings card whose draft is not a plain form (the traffic tables): its body, the problems that stopped
 * the last save, and a save button that writes the changed options through useSaveOptions like every other
 * section (../OptionSection.tsx), so the messages after a save are the same.
 */
export function TrafficSection({
  name,
  title,
  intro,
  problems,
  changes,
  unreadable,
  actions,
  children,
}: TrafficSectionProps) {
  const { t } = useTranslation();
  const save = useSaveOptions();
  const [saving, setSaving] = useState(false);
  const [refused, setRefused] = useState(false);

  const submit = async () => {
    const first = problems[0];
    if (first) {
      setRefused(true);
      showError(problemText(t, first));
      return;
    }
    setRefused(false);
    setSaving(true);
    try {
      await save(changes());
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t(title)} size="small" style={{ marginBottom: 16 }} data-testid={`settings-section-${name}`}>
      {intro && <p style={{ marginTop: 0 }}>{t(intro)}</p>}
      {unreadable && (
        <Alert type="warning" showIcon title={t('traffic.unreadable')} style={{ marginBottom: 12 }} />
      )}
      {children}
      {refused && problems.length > 0 && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 12 }}
          data-testid={`traffic-problems-${name}`}
          title={
            <ul style={{ margin: 0, paddingInlineStart: 16 }}>
              {problems.map((problem, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the list is rebuilt from the draft on every render
                <li key={index}>{problemText(t, problem)}</li>
              ))}
            </ul>
          }
        />
      )}
      <Space style={{ marginTop: 12 }} wrap>
        {actions}
        <Button type="primary" onClick={submit} loading={saving} data-testid={`settings-save-${name}`}>
          {spaceCjkAndLatin(t('settings.common.save', { section: t(title) }))}
        </Button>
      </Space>
    </Card>
  );
}
