import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../common/api-types.ts';
import type { ManageAction } from '../../../../common/roles.ts';
import { DeleteButton } from '../../components/list-page/RowActions.tsx';
import { rowActionState } from './user-row-state.ts';

export interface UserRowActionsProps {
  user: UserView;
  /** The action currently running for this row, if any. */
  pendingAction: ManageAction | null;
  onManage: (user: UserView, action: ManageAction) => void;
  onEdit: (user: UserView) => void;
}

/** Promote, demote, disable/enable, edit and delete for one row; none for a cancelled user. */
export function UserRowActions({ user, pendingAction, onManage, onEdit }: UserRowActionsProps) {
  const { t } = useTranslation();
  const state = rowActionState(user);
  if (!state.visible) return null;
  const busy = pendingAction !== null;
  const testId = (action: string) => `user-${action}-${user.id}`;

  return (
    <Space size={4} wrap>
      <Button
        size="small"
        loading={pendingAction === 'promote'}
        disabled={busy}
        onClick={() => onManage(user, 'promote')}
        data-testid={testId('promote')}
      >
        {t('users.actions.promote')}
      </Button>
      <Button
        size="small"
        loading={pendingAction === 'demote'}
        disabled={busy}
        onClick={() => onManage(user, 'demote')}
        data-testid={testId('demote')}
      >
        {t('users.actions.demote')}
      </Button>
      <Button
        size="small"
        danger={state.toggle === 'disable'}
        loading={pendingAction === state.toggle}
        disabled={busy || state.toggleDisabled}
        onClick={() => onManage(user, state.toggle)}
        data-testid={testId(state.toggle)}
      >
        {t(`users.actions.${state.toggle}`)}
      </Button>
      <Button size="small" type="primary" onClick={() => onEdit(user)} data-testid={testId('edit')}>
        {t('users.actions.edit')}
      </Button>
      <DeleteButton
        label={t('users.actions.delete')}
        confirmTitle={t('users.actions.deleteConfirmTitle')}
        confirmDescription={t('users.actions.deleteConfirmDescription')}
        confirmLabel={t('users.actions.deleteConfirmOk')}
        cancelLabel={t('users.actions.cancel')}
        onConfirm={() => onManage(user, 'delete')}
        loading={pendingAction === 'delete'}
        disabled={busy}
        primary
        testId={testId('delete')}
      />
    </Space>
  );
}
