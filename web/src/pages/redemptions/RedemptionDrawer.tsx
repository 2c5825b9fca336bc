import { Form } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormInput } from '../../components/FormInput.tsx';
import { showError } from '../../components/feedback.ts';
import { IntegerInput } from '../../components/IntegerInput.tsx';
import { FormDrawer } from '../../components/list-page/FormDrawer.tsx';
import { useQuotaRenderer } from '../../components/quota.ts';
import { useStatus } from '../../components/status.tsx';
import {
  defaultFormValues,
  formValuesFromRedemption,
  prepareSubmission,
  quotaForPreview,
  REDEMPTION_COUNT_MAX,
  REDEMPTION_NAME_MAX_LENGTH,
  type RedemptionFormValues,
} from './redemption-form-rules.ts';
import { useCreateRedemptions, useRedemptionDetail, useUpdateRedemption } from './use-redemptions.ts';

export type DrawerTarget = { mode: 'create' } | { mode: 'edit'; id: number };

export interface CreatedBatch {
  name: string;
  keys: string[];
  createdAt: Date;
}

export interface RedemptionDrawerProps {
  /** What the drawer edits; null keeps it closed. */
  target: DrawerTarget | null;
  onClose: () => void;
  /** Receives the keys of a batch just created. */
  onCreated: (batch: CreatedBatch) => void;
}

/** The quota in raw units, with its currency value beside it when the site shows quota as currency. */
function QuotaField() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<RedemptionFormValues>();
  const renderQuota = useQuotaRenderer();
  const { display_in_currency } = useStatus();
  const quota = quotaForPreview(Form.useWatch('quota', form));
  return (
    <Form.Item
      name="quota"
      label={t('redemptions.form.quota')}
      required
      extra={
        display_in_currency ? t('redemptions.form.quotaPreview', { value: renderQuota(quota) }) : undefined
      }
    >
      <IntegerInput min={1} aria-label={t('redemptions.form.quota')} testId="redemption-quota" />
    </Form.Item>
  );
}

/**
 * Creates a batch of codes or edits an unused one. Give it a new `key` for
 * every opening: an antd form store keeps its old values over new initial values when the form remounts.
 */
export function RedemptionDrawer({ target, onClose, onCreated }: RedemptionDrawerProps) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  const [form] = Form.useForm<RedemptionFormValues>();
  const open = target !== null;
  // The last target stays shown while the drawer slides closed.
  const [shownTarget, setShownTarget] = useState<DrawerTarget>(target ?? { mode: 'create' });
  if (target !== null && target !== shownTarget) setShownTarget(target);
  const editId = shownTarget.mode === 'edit' ? shownTarget.id : null;
  const mode = editId === null ? 'create' : 'edit';
  const detailQuery = useRedemptionDetail(open ? editId : null);
  const createMutation = useCreateRedemptions();
  const updateMutation = useUpdateRedemption();
  const redemption = editId !== null && detailQuery.data?.id === editId ? detailQuery.data : undefined;
  const initialValues = redemption ? formValuesFromRedemption(redemption) : defaultFormValues();

  const submit = (values: RedemptionFormValues) => {
    const submission = prepareSubmission(values, mode, (quota) => renderQuota(quota));
    if (!submission.ok) {
      showError(t(submission.error, { nameMax: REDEMPTION_NAME_MAX_LENGTH, countMax: REDEMPTION_COUNT_MAX }));
      return;
    }
    if (submission.mode === 'edit' && editId !== null) {
      updateMutation.mutate({ id: editId, payload: submission.payload }, { onSuccess: onClose });
      return;
    }
    if (submission.mode === 'create') {
      const { payload } = submission;
      createMutation.mutate(payload, {
        onSuccess: (keys) => {
          onClose();
          onCreated({ name: payload.name, keys, createdAt: new Date() });
        },
      });
    }
  };

  // The form takes its values once, when it mounts: wait for a fresh copy of the code.
  const waitingForCode = mode === 'edit' && (!redemption || detailQuery.isFetching);
  const saving = createMutation.isPending || updateMutation.isPending;

  return (
    <FormDrawer
      title={mode === 'edit' ? t('redemptions.edit.title') : t('redemptions.create.title')}
      open={open}
      onClose={onClose}
      size={480}
      testIdPrefix="redemption"
      labels={[t('redemptions.form.cancel'), t('redemptions.form.submit')]}
      onSubmit={() => form.submit()}
      saving={saving}
      waiting={waitingForCode}
    >
      <Form form={form} layout="vertical" initialValues={initialValues} onFinish={submit} preserve={false}>
        <FormInput
          name="name"
          label={t('redemptions.form.name')}
          required={mode === 'edit'}
          extra={mode === 'create' ? t('redemptions.form.nameNote') : undefined}
          placeholder={t('redemptions.form.namePlaceholder')}
          maxLength={REDEMPTION_NAME_MAX_LENGTH}
          autoComplete="off"
          testId="redemption-name"
        />
        <QuotaField />
        {mode === 'create' && (
          <Form.Item
            name="count"
            label={t('redemptions.form.count')}
            required
            extra={t('redemptions.form.countNote', { max: REDEMPTION_COUNT_MAX })}
          >
            <IntegerInput
              min={1}
              max={REDEMPTION_COUNT_MAX}
              aria-label={t('redemptions.form.count')}
              testId="redemption-count"
            />
          </Form.Item>
        )}
      </Form>
    </FormDrawer>
  );
}
