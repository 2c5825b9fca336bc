/**
 * State of one opening of the channel form, shared by the drawer and the full-page form: which channel,
 * its initial values, and the submit flow (client checks, the /v1 confirmation, the save call).
 */
import { App, Form } from 'antd';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelLimits } from '../../../../common/traffic-limits.ts';
import { showError } from '../../components/feedback.ts';
import { useLimitProblemText } from '../../components/LimitFields.tsx';
import {
  type ChannelLimitFormValues,
  channelLimitFormValues,
  channelLimitsFromForm,
} from '../../components/limit-fields-rules.ts';
import { useQuotaSettings } from '../../components/quota.ts';
import {
  type ChannelFormValues,
  defaultFormValues,
  type FormMode,
  formValuesFromChannel,
  modelsAfterTypeChange,
  prepareSubmission,
} from './channel-form-rules.ts';
import { relatedModels } from './models-cache.ts';
import { useSaveChannel } from './use-channel-actions.ts';
import { useChannelDetail, useModelsByType } from './use-channels.ts';

export type ChannelFormTarget =
  | {
      mode: 'create';
      /** Pre-filled values (a copied channel). */
      initial?: ChannelFormValues;
      /** The copied channel's caps. */
      limits?: ChannelLimits;
    }
  | { mode: 'edit'; id: number };

/** The form's values: the channel's fields and its caps (ChannelLimitsFields.tsx). */
export type ChannelFormState = ChannelFormValues & { limits: ChannelLimitFormValues };

export function useChannelForm(target: ChannelFormTarget, onSaved: () => void) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const quotaSettings = useQuotaSettings();
  const problemText = useLimitProblemText();
  const [form] = Form.useForm<ChannelFormState>();
  const editId = target.mode === 'edit' ? target.id : null;
  const detailQuery = useChannelDetail(editId);
  const modelsByType = useModelsByType();
  const saveMutation = useSaveChannel();
  const mode: FormMode = target.mode;
  const channel = editId !== null && detailQuery.data?.id === editId ? detailQuery.data : undefined;

  // A new channel starts with the models of its type (taken once, when the form first renders).
  const [createValues] = useState<ChannelFormState>(() => {
    const limits = channelLimitFormValues(
      target.mode === 'create' ? target.limits : undefined,
      quotaSettings,
    );
    if (target.mode === 'create' && target.initial) return { ...target.initial, limits };
    const values = defaultFormValues();
    return { ...values, models: relatedModels(modelsByType.data ?? {}, values.type), limits };
  });
  const initialValues: ChannelFormState | null =
    mode === 'create'
      ? createValues
      : channel
        ? { ...formValuesFromChannel(channel), limits: channelLimitFormValues(channel.limits, quotaSettings) }
        : null;

  const shownType = useRef<number | null>(null);

  const onValuesChange = (changed: Partial<ChannelFormState>) => {
    if (changed.type === undefined) return;
    const models = modelsByType.data ?? {};
    const previousType = shownType.current ?? initialValues?.type ?? changed.type;
    shownType.current = changed.type;
    // `other` means something else for each type; models follow the type until the operator edits them.
    form.setFieldValue('other', '');
    form.setFieldValue(
      'models',
      modelsAfterTypeChange(
        form.getFieldValue('models') ?? [],
        relatedModels(models, previousType),
        relatedModels(models, changed.type),
      ),
    );
  };

  const submit = () => {
    // Every stored value, also those of fields the chosen type does not show.
    const values = form.getFieldsValue(true) as ChannelFormState;
    const check = prepareSubmission(values, mode);
    if (!check.ok) {
      showError(t(check.error));
      return;
    }
    const limits = channelLimitsFromForm(values.limits, quotaSettings);
    if (!limits.ok) {
      showError(problemText(limits.problem));
      return;
    }
    const payload = { ...check.payload, limits: limits.limits };
    const save = () => {
      if (editId !== null) {
        saveMutation.mutate({ mode: 'edit', id: editId, payload }, { onSuccess: onSaved });
      } else {
        saveMutation.mutate(
          { mode: 'create', payload, batch: check.batch, multiKeyMode: check.multiKeyMode },
          { onSuccess: onSaved },
        );
      }
    };
    if (!check.needsV1Confirmation) {
      save();
      return;
    }
    modal.confirm({
      title: t('channels.form.v1ConfirmTitle'),
      content: t('channels.form.v1ConfirmContent'),
      okText: t('channels.form.v1ConfirmOk'),
      cancelText: t('channels.actions.cancel'),
      okButtonProps: { ...{ 'data-testid': 'channel-v1-confirm' } },
      onOk: save,
    });
  };

  return {
    form,
    mode,
    channelId: editId,
    initialValues,
    /** A multi-key channel's state (new-api's channel_info), for its keys panel. */
    keyInfo: channel?.channel_info?.is_multi_key ? channel.channel_info : null,
    /**
     * Editing: the key is never in the channel's reply, so an empty box keeps it; root reads it through
     * ChannelKeyView after asking again (docs/security.md).
     */
    keyHidden: mode === 'edit',
    /** The form waits for a fresh copy of the channel before it mounts. */
    loading: mode === 'edit' && (!channel || detailQuery.isFetching) && !detailQuery.isError,
    loadFailed: mode === 'edit' && detailQuery.isError,
    saving: saveMutation.isPending,
    onValuesChange,
    submit,
  };
}

export type ChannelFormController = ReturnType<typeof useChannelForm>;
