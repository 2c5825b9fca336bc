import { useMutation } from '@tanstack/react-query';
import { Button, type ButtonProps, Form, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../common/api-types.ts';
import { ensureSuccess, http, reportFailure } from '../../api/client.ts';
import { showSuccess } from '../../components/feedback.ts';
import { useSession } from '../../components/session.tsx';

/** new-api's admin resets (server/src/api/security/): the user's two-factor enrolment, or all their passkeys. */
const RESETS = {
  twoFactor: (id: number) => http.del<unknown>(`/api/user/${id}/2fa`),
  passkeys: (id: number) => http.del<unknown>(`/api/user/${id}/reset_passkey`),
} as const;
type ResetKind = keyof typeof RESETS;

/**
 * The user edit form's "Security" row: reset a user's two-factor or passkeys, each after a confirm dialog. Shown
 * only where the server allows it: root resets anyone, an administrator only users of a lower role.
 */
export function UserSecurityResets({ user }: { user: UserView | undefined }) {
  const { t } = useTranslation();
  const { user: me, isRoot } = useSession();
  const reset = useMutation({
    mutationFn: async ({ kind, id }: { kind: ResetKind; id: number }) =>
      ensureSuccess(await RESETS[kind](id)),
    onSuccess: (_, { kind }) => showSuccess(t(`users.security.${kind}Done`)),
    onError: reportFailure,
  });
  if (!user || !me) return null;
  if (!isRoot && me.role <= user.role) {
    return (
      <Form.Item label={t('users.security.title')}>
        <Typography.Text type="secondary">{t('users.security.rank')}</Typography.Text>
      </Form.Item>
    );
  }
  return (
    <Form.Item label={t('users.security.title')} extra={t('users.security.hint')}>
      <Space wrap>
        {(['twoFactor', 'passkeys'] as const).map((kind) => (
          <Popconfirm
            key={kind}
            title={t(`users.security.${kind}Confirm`)}
            description={t('users.security.confirmDescription')}
            okText={t('users.security.confirmOk')}
            cancelText={t('users.actions.cancel')}
            okButtonProps={{ danger: true, 'data-testid': `user-reset-${kind}-ok` } as ButtonProps}
            onConfirm={() => reset.mutate({ kind, id: user.id })}
          >
            <Button
              danger
              loading={reset.isPending && reset.variables?.kind === kind}
              data-testid={`user-reset-${kind}`}
            >
              {t(`users.security.${kind}`)}
            </Button>
          </Popconfirm>
        ))}
      </Space>
    </Form.Item>
  );
}
