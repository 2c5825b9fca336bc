import { Form, Input, Modal, Radio } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  draftFromRow,
  draftProblems,
  type PricingDraft,
  rowFromDraft,
  withDerivedPrices,
} from './pricing-draft.ts';
import { nameProblem, type PricingRow } from './pricing-editor-rules.ts';
import { TierTable } from './pricing-tiers/TierTable.tsx';
import { tierProblem } from './pricing-tiers/tier-rules.ts';

interface PricingRowDialogProps {
  /** The row being edited, a blank row to add one, or null when closed. */
  row: PricingRow | null;
  isNew: boolean;
  rows: readonly PricingRow[];
  onClose: () => void;
  onDone: (row: PricingRow) => void;
}

/** Edits one model's pricing: per-token (ratio or token-price inputs) or per-request (docs/reference/console-states.md). */
export function PricingRowDialog({ row, isNew, rows, onClose, onDone }: PricingRowDialogProps) {
  const { t } = useTranslation();
  const [draft, setDraft] = useState<PricingDraft | null>(null);
  const [touched, setTouched] = useState(false);

  useEffect(() => {
    setDraft(row ? draftFromRow(row) : null);
    setTouched(false);
  }, [row]);

  if (!draft) return null;
  const problems = draftProblems(draft);
  const nameError = isNew ? nameProblem(draft.name, rows) : null;
  const update = (patch: Partial<PricingDraft>) => setDraft({ ...draft, ...patch });
  const fixedPrice = draft.mode === 'per-request';
  const tiersWrong =
    draft.mode === 'tiered' && draft.tiered.kind === 'table' && tierProblem(draft.tiered.tiers);

  const submit = () => {
    setTouched(true);
    if (nameError || tiersWrong || Object.keys(problems).length > 0) return;
    onDone(rowFromDraft(draft));
  };

  const input = (field: keyof PricingDraft, label: string, disabled = false) => (
    <Form.Item
      label={t(label)}
      validateStatus={problems[field] ? 'error' : undefined}
      help={problems[field] ? t(problems[field]) : undefined}
    >
      <Input
        value={String(draft[field])}
        disabled={disabled}
        onChange={(event) => update({ [field]: event.target.value })}
        data-testid={`pricing-editor-input-${field}`}
      />
    </Form.Item>
  );

  return (
    <Modal
      open
      title={t(isNew ? 'settings.pricing.addTitle' : 'settings.pricing.editTitle')}
      onCancel={onClose}
      onOk={submit}
      okText={t('settings.common.confirm')}
      cancelText={t('settings.common.cancel')}
      okButtonProps={{ ...{ 'data-testid': 'pricing-editor-dialog-ok' } }}
      destroyOnHidden
      width={draft.mode === 'tiered' ? 760 : undefined}
    >
      <Form layout="vertical">
        <Form.Item
          label={t('settings.pricing.name')}
          validateStatus={touched && nameError ? 'error' : undefined}
          help={touched && nameError ? t(nameError) : undefined}
        >
          <Input
            value={draft.name}
            disabled={!isNew}
            onChange={(event) => update({ name: event.target.value })}
            data-testid="pricing-editor-input-name"
          />
        </Form.Item>
        <Form.Item label={t('settings.pricing.mode')}>
          <Radio.Group
            value={draft.mode}
            onChange={(event) => update({ mode: event.target.value })}
            data-testid="pricing-editor-mode"
          >
            <Radio value="per-token">{t('settings.pricing.perToken')}</Radio>
            <Radio value="per-request">{t('settings.pricing.perRequest')}</Radio>
            <Radio value="tiered" data-testid="pricing-editor-mode-tiered">
              {t('settings.tiers.mode')}
            </Radio>
          </Radio.Group>
        </Form.Item>
        {draft.mode === 'tiered' ? (
          <TierTable value={draft.tiered} onChange={(tiered) => update({ tiered })} showProblem={touched} />
        ) : fixedPrice ? (
          input('price', 'settings.pricing.price')
        ) : (
          <>
            <Form.Item label={t('settings.pricing.inputStyle')}>
              <Radio.Group
                value={draft.inputStyle}
                onChange={(event) =>
                  setDraft(
                    event.target.value === 'token-price'
                      ? withDerivedPrices({ ...draft, inputStyle: 'token-price' })
                      : { ...draft, inputStyle: 'ratio' },
                  )
                }
                data-testid="pricing-editor-input-style"
              >
                <Radio value="ratio">{t('settings.pricing.styleRatio')}</Radio>
                <Radio value="token-price">{t('settings.pricing.styleTokenPrice')}</Radio>
              </Radio.Group>
            </Form.Item>
            {draft.inputStyle === 'ratio' ? (
              <>
                {input('ratio', 'settings.pricing.ratio')}
                {input('completionRatio', 'settings.pricing.completionRatio')}
              </>
            ) : (
              <>
                {input('tokenPrice', 'settings.pricing.tokenPrice')}
                {input('completionTokenPrice', 'settings.pricing.completionTokenPrice')}
              </>
            )}
          </>
        )}
      </Form>
    </Modal>
  );
}
