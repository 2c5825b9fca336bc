/** The channel form's models: multi-select, fill related, fetch from upstream, clear, custom names. */
import { Button, Form, Input, Select, Space, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { channelType } from '../../../../common/channel-types.ts';
import { showError } from '../../components/feedback.ts';
import { GroupsFormSelect } from '../users/GroupFields.tsx';
import { addCustomModels, type ChannelFormValues, mergeModels, modelChoices } from './channel-form-rules.ts';
import { relatedModels } from './models-cache.ts';
import { useFetchUpstreamModels } from './use-channel-actions.ts';
import { useKnownModels, useModelsByType } from './use-channels.ts';

export interface ChannelModelsFieldProps {
  /** The saved channel being edited, or null when creating. */
  channelId: number | null;
}

export function ChannelModelsField({ channelId }: ChannelModelsFieldProps) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();
  const type = Form.useWatch('type', form) ?? 1;
  const chosen: string[] = Form.useWatch('models', form) ?? [];
  const [customInput, setCustomInput] = useState('');
  const modelsByType = useModelsByType();
  const knownModels = useKnownModels();
  const fetchMutation = useFetchUpstreamModels();

  const typeModels = useMemo(() => relatedModels(modelsByType.data ?? {}, type), [modelsByType.data, type]);
  const options = useMemo(
    () =>
      modelChoices(knownModels.data ?? [], typeModels, chosen).map((name) => ({ label: name, value: name })),
    [knownModels.data, typeModels, chosen],
  );

  const setModels = (models: string[]) => form.setFieldValue('models', models);

  const fetchFromUpstream = () => {
    const key = String(form.getFieldValue('key') ?? '').trim();
    const baseUrl = String(form.getFieldValue('base_url') ?? '').trim();
    if (key === '' && channelId === null && !channelType(type)?.key?.optional) {
      showError(t('channels.form.keyRequiredForFetch'));
      return;
    }
    // Without a new key the server asks the upstream with the stored one.
    const request = key === '' && channelId !== null ? { id: channelId } : { base_url: baseUrl, type, key };
    fetchMutation.mutate(request, {
      onSuccess: (fetched) => setModels(mergeModels(form.getFieldValue('models') ?? [], fetched)),
    });
  };

  const addCustom = () => {
    if (customInput.trim() === '') return;
    const result = addCustomModels(chosen, customInput);
    if (!result.ok) {
      showError(t(result.error));
      return;
    }
    setModels(result.models);
    setCustomInput('');
  };

  return (
    <Form.Item label={t('channels.form.models')} required>
      <Form.Item name="models" noStyle>
        <Select
          mode="multiple"
          allowClear
          options={options}
          loading={knownModels.isLoading}
          placeholder={t('channels.form.modelsPlaceholder')}
          maxTagCount={40}
          data-testid="channel-models"
        />
      </Form.Item>
      <Space wrap size={8} style={{ marginTop: 8 }}>
        <Button
          size="small"
          type="primary"
          ghost
          onClick={() => setModels(typeModels)}
          data-testid="channel-models-fill"
        >
          {t('channels.form.fillRelatedModels')}
        </Button>
        <Tooltip title={t('channels.form.fetchModelsHint')}>
          <Button
            size="small"
            loading={fetchMutation.isPending}
            onClick={fetchFromUpstream}
            data-testid="channel-models-fetch"
          >
            {t('channels.form.fetchModels')}
          </Button>
        </Tooltip>
        <Button size="small" danger onClick={() => setModels([])} data-testid="channel-models-clear">
          {t('channels.form.clearModels')}
        </Button>
      </Space>
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Input
          value={customInput}
          onChange={(event) => setCustomInput(event.target.value)}
          onPressEnter={(event) => {
            event.preventDefault();
            addCustom();
          }}
          placeholder={t('channels.form.customModelsPlaceholder')}
          aria-label={t('channels.form.customModelsPlaceholder')}
          data-testid="channel-models-custom"
        />
        <Button type="primary" onClick={addCustom} data-testid="channel-models-custom-add">
          {t('channels.form.customModelsAdd')}
        </Button>
      </Space.Compact>
    </Form.Item>
  );
}

/** The groups that may use the channel, chosen from the site's groups. */
export function ChannelGroupsField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<ChannelFormValues>();
  const chosen: string[] = Form.useWatch('groups', form) ?? [];
  return (
    <GroupsFormSelect
      name="groups"
      label={t('channels.form.groups')}
      extra={t('channels.form.groupsHint')}
      placeholder={t('channels.form.groupsPlaceholder')}
      also={chosen}
      testId="channel-groups"
    />
  );
}
