import { Card, Input, InputNumber, Select, Slider, Space, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserGroupInfo } from '../../../../common/api-types.ts';
import type { ChatSettings } from './chat-messages.ts';
import { normalizeMaxTokens, normalizeTemperature, TEMPERATURE } from './playground-settings.ts';

export interface SettingsPanelProps {
  settings: ChatSettings;
  onChange: (patch: Partial<ChatSettings>) => void;
  groups: Record<string, UserGroupInfo>;
  groupsLoading: boolean;
  models: string[];
  modelsLoading: boolean;
}

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Space orientation="vertical" size={4} style={{ width: '100%' }}>
      <Typography.Text strong>{label}</Typography.Text>
      {children}
    </Space>
  );
}

/** The left panel: group, searchable model, temperature, max tokens and system prompt (docs/reference/console-screens.md "Playground"). */
export function SettingsPanel({
  settings,
  onChange,
  groups,
  groupsLoading,
  models,
  modelsLoading,
}: SettingsPanelProps) {
  const { t } = useTranslation();
  const groupOptions = Object.entries(groups).map(([group, info]) => ({
    value: group,
    label: (
      <Space size={4}>
        <span>{group}</span>
        {info.desc && info.desc !== group && <Typography.Text type="secondary">{info.desc}</Typography.Text>}
        <Tag>{t('playground.groupRatio', { ratio: info.ratio })}</Tag>
      </Space>
    ),
  }));
  if (!Object.hasOwn(groups, settings.group) && settings.group !== '') {
    groupOptions.unshift({ value: settings.group, label: <span>{settings.group}</span> });
  }

  return (
    <Card title={t('playground.settings.title')} size="small" style={{ height: '100%' }}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Field label={t('playground.settings.group')}>
          <Select
            value={settings.group}
            options={groupOptions}
            loading={groupsLoading}
            onChange={(group) => onChange({ group })}
            style={{ width: '100%' }}
            aria-label={t('playground.settings.group')}
            data-testid="playground-group"
          />
        </Field>
        <Field label={t('playground.settings.model')}>
          <Select
            showSearch
            value={settings.model}
            options={models.map((model) => ({ value: model, label: model }))}
            loading={modelsLoading}
            onChange={(model) => onChange({ model })}
            placeholder={t('playground.settings.modelPlaceholder')}
            notFoundContent={t('playground.settings.noModels')}
            style={{ width: '100%' }}
            aria-label={t('playground.settings.model')}
            data-testid="playground-model"
          />
        </Field>
        <Field label={t('playground.settings.temperature', { value: settings.temperature.toFixed(1) })}>
          <Slider
            min={TEMPERATURE.min}
            max={TEMPERATURE.max}
            step={TEMPERATURE.step}
            value={settings.temperature}
            onChange={(value) => onChange({ temperature: normalizeTemperature(value) })}
            data-testid="playground-temperature"
          />
        </Field>
        <Field label={t('playground.settings.maxTokens')}>
          <InputNumber
            min={0}
            precision={0}
            step={1}
            value={settings.maxTokens}
            onChange={(value) => onChange({ maxTokens: normalizeMaxTokens(value) })}
            style={{ width: '100%' }}
            aria-label={t('playground.settings.maxTokens')}
            data-testid="playground-max-tokens"
          />
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            {t('playground.settings.maxTokensHint')}
          </Typography.Text>
        </Field>
        <Field label={t('playground.settings.systemPrompt')}>
          <Input.TextArea
            value={settings.systemPrompt}
            onChange={(event) => onChange({ systemPrompt: event.target.value })}
            autoSize={{ minRows: 3, maxRows: 10 }}
            placeholder={t('playground.settings.systemPromptPlaceholder')}
            aria-label={t('playground.settings.systemPrompt')}
            data-testid="playground-system-prompt"
          />
        </Field>
      </Space>
    </Card>
  );
}
