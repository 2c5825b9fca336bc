import { Button, Input, Space, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/feedback.ts';
import { domainProblem, parseDomainList } from './setting-rules.ts';

/** The example shown with the format error. */
const EXAMPLE_DOMAIN = 'gmail.com';

interface DomainWhitelistInputProps {
  /** The stored comma list. */
  value?: string;
  onChange?: (value: string) => void;
  disabled?: boolean;
  testId: string;
}

/** Tags of the whitelisted email domains, with an input to add one (docs/reference/console-validation.md "Settings"). */
export function DomainWhitelistInput({ value, onChange, disabled, testId }: DomainWhitelistInputProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState('');
  const domains = parseDomainList(value ?? '');

  const add = () => {
    const domain = draft.trim().toLowerCase();
    if (domain === '') return;
    const problem = domainProblem(domain, domains);
    if (problem) {
      showError(t(problem, { host: EXAMPLE_DOMAIN }));
      return;
    }
    onChange?.([...domains, domain].join(','));
    setDraft('');
  };

  const remove = (domain: string) => onChange?.(domains.filter((existing) => existing !== domain).join(','));

  return (
    <div data-testid={testId}>
      <div style={{ marginBottom: 8, display: 'flex', flexWrap: 'wrap', gap: 4 }}>
        {domains.map((domain) => (
          <Tag
            key={domain}
            closable={!disabled}
            onClose={() => remove(domain)}
            data-testid="setting-domain-tag"
          >
            {domain}
          </Tag>
        ))}
      </div>
      <Space.Compact style={{ width: '100%', maxWidth: 420 }}>
        <Input
          value={draft}
          disabled={disabled}
          placeholder={t('settings.email.domainPlaceholder')}
          onChange={(event) => setDraft(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            add();
          }}
          data-testid="setting-domain-input"
        />
        <Button onClick={add} disabled={disabled} data-testid="setting-domain-add">
          {t('settings.email.addDomain')}
        </Button>
      </Space.Compact>
    </div>
  );
}
