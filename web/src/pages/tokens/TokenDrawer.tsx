import { App, Form } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showError } from '../../components/feedback.ts';
import { useLimitProblemText } from '../../components/LimitFields.tsx';
import { FormDrawer } from '../../components/list-page/FormDrawer.tsx';
import { useQuotaSettings } from '../../components/quota.ts';
import { useStatus } from '../../components/status.tsx';
import { useSelfGroups } from '../personal/use-personal.ts';
import { defaultTokenGroup, tokenGroupChoices } from './group-options.ts';
import {
  AllowIpsField,
  CountField,
  ExpiryField,
  GroupField,
  KeyLimitFields,
  ModelLimitFields,
  NameField,
  QuotaFields,
} from './TokenFormFields.tsx';
import {
  defaultFormValues,
  formValuesFromToken,
  prepareSubmission,
  type TokenFormValues,
} from './token-form-rules.ts';
import { copyNames } from './token-names.ts';
import { useCreateTokens, useTokenDetail, useUpdateToken, useUsableModels } from './use-tokens.ts';

export type DrawerTarget = { mode: 'create' } | { mode: 'edit'; id: number };

export interface TokenDrawerProps {
  /** What the drawer edits; null keeps it closed. */
  target: DrawerTarget | null;
  onClose: () => void;
}

/**
 * Creates tokens (one or several) or edits one. Give it a new `key` for every
 * opening: an antd form store keeps its old values over new initial values when the form remounts.
 */
export function TokenDrawer({ target, onClose }: TokenDrawerProps) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const status = useStatus();
  const quotaSettings = useQuotaSettings();
  const problemText = useLimitProblemText();
  const [form] = Form.useForm<TokenFormValues>();
  const open = target !== null;
  // The last target stays shown while the drawer slides closed.
  const [shownTarget, setShownTarget] = useState<DrawerTarget>(target ?? { mode: 'create' });
  if (target !== null && target !== shownTarget) setShownTarget(target);
  const editId = shownTarget.mode === 'edit' ? shownTarget.id : null;
  const mode = editId === null ? 'create' : 'edit';
  const detailQuery = useTokenDetail(open ? editId : null);
  const modelsQuery = useUsableModels(open);
  const groupsQuery = useSelfGroups();
  const createMutation = useCreateTokens();
  const updateMutation = useUpdateToken();
  const token = editId !== null && detailQuery.data?.id === editId ? detailQuery.data : undefined;

  const groupChoices = useMemo(
    () => tokenGroupChoices(groupsQuery.data, status.default_use_auto_group, token?.group ?? ''),
    [groupsQuery.data, status.default_use_auto_group, token?.group],
  );
  const initialValues = token
    ? formValuesFromToken(token, quotaSettings)
    : defaultFormValues(defaultTokenGroup(status.default_use_auto_group));

  const submit = (values: TokenFormValues) => {
    const check = prepareSubmission(values, mode, quotaSettings);
    if (!check.ok) {
      showError('problem' in check ? problemText(check.problem) : t(check.error));
      return;
    }
    if (editId !== null) {
      updateMutation.mutate({ id: editId, payload: check.payload }, { onSuccess: onClose });
      return;
    }
    createMutation.mutate(
      { payload: check.payload, names: copyNames(check.payload.name, check.count) },
      {
        onSuccess: (report) => {
          if (report.level === 'error') return;
          if (report.level === 'warning') {
            modal.warning({ title: t('tokens.create.partialTitle'), content: t(report.key, report.values) });
          }
          onClose();
        },
      },
    );
  };

  // The form takes its values once, when it mounts: wait for a fresh copy of the token.
  const waitingForToken = mode === 'edit' && (!token || detailQuery.isFetching);
  const saving = createMutation.isPending || updateMutation.isPending;

  return (
    <FormDrawer
      title={mode === 'edit' ? t('tokens.edit.title') : t('tokens.create.title')}
      open={open}
      onClose={onClose}
      size={520}
      testIdPrefix="token"
      labels={[t('tokens.form.cancel'), t('tokens.form.submit')]}
      onSubmit={() => form.submit()}
      saving={saving}
      waiting={waitingForToken}
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={submit} preserve={false}>
        <NameField />
        <QuotaFields />
        <ExpiryField />
        <ModelLimitFields models={modelsQuery.data ?? []} loading={modelsQuery.isLoading} />
        <AllowIpsField />
        <GroupField choices={groupChoices} loading={groupsQuery.isLoading} />
        <KeyLimitFields />
        {mode === 'create' && <CountField />}
      </Form>
    </FormDrawer>
  );
}
