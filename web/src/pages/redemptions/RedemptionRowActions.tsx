import { Button, Space, Switch, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RedemptionView } from '../../api/redemptions.ts';
import { CopyKeyButton, DeleteButton } from '../../components/list-page/RowActions.tsx';
import { redemptionRowState } from './redemption-display.ts';

export interface RedemptionRowActionsProps {
  redemption: RedemptionView;
  toggling: boolean;
  deleting: boolean;
  onCopy: (redemption: RedemptionView) => void;
  onToggle: (redemption: RedemptionView) => void;
  onEdit: (redemption: RedemptionView) => void;
  onDelete: (redemption: RedemptionView) => void;
}

/** Copy the key, enable/disable (locked once used), edit (unused only), delete (after confirmation). */
export function RedemptionRowActions(props: RedemptionRowActionsProps) {
  const { t } = useTranslation();
  const { redemption } = props;
  const state = redemptionRowState(redemption);
  const testId = (action: string) => `redemption-${action}-${redemption.id}`;

  return (
    <Space size={8} wrap>
      <CopyKeyButton
        label={t('redemptions.actions.copy')}
        onCopy={() => props.onCopy(redemption)}
        testId={testId('copy')}
      />
      <Tooltip
        title={
          state.switchLocked
            ? t('redemptions.actions.usedLocked')
            : state.switchOn
              ? t('redemptions.actions.disable')
              : t('redemptions.actions.enable')
        }
      >
        <Switch
          size="small"
          checked={state.switchOn}
          disabled={state.switchLocked}
          loading={props.toggling}
          onChange={() => props.onToggle(redemption)}
          aria-label={t('redemptions.actions.toggle')}
          data-testid={testId('status')}
        />
      </Tooltip>
      <Tooltip title={state.editable ? undefined : t('redemptions.actions.editOnlyUnused')}>
        <Button
          size="small"
          type="primary"
          disabled={!state.editable}
          onClick={() => props.onEdit(redemption)}
          data-testid={testId('edit')}
        >
          {t('redemptions.actions.edit')}
        </Button>
      </Tooltip>
      <DeleteButton
        label={t('redemptions.actions.delete')}
        confirmTitle={t('redemptions.actions.deleteConfirmTitle')}
        confirmDescription={t('redemptions.actions.deleteConfirmDescription', { name: redemption.name })}
        confirmLabel={t('redemptions.actions.delete')}
        cancelLabel={t('redemptions.actions.cancel')}
        onConfirm={() => props.onDelete(redemption)}
        loading={props.deleting}
        testId={testId('delete')}
        confirmTestId={testId('delete-confirm')}
      />
    </Space>
  );
}
