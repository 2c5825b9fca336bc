import { DeleteOutlined, KeyOutlined } from '@ant-design/icons';
import { browserSupportsWebAuthn } from '@simplewebauthn/browser';
import { Button, List, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showSuccess } from '../../components/feedback.ts';
import { useStatus } from '../../components/status.tsx';
import { useDeletePasskey, usePasskeys, useRegisterPasskey } from './use-security.ts';

const when = (value: string | null, never: string) => (value ? new Date(value).toLocaleString() : never);

/** The personal page's passkeys: the list (when made, when last used), adding one, deleting one. */
export function PasskeySection() {
  const { t } = useTranslation();
  const passkeys = usePasskeys();
  const register = useRegisterPasskey(t('security.passkey.cancelled'));
  const remove = useDeletePasskey();
  const supported = browserSupportsWebAuthn();
  // Adding one is offered while the site has passkeys on (the status's passkey_login, as on the login page).
  const offered = (useStatus() as { passkey_login?: boolean }).passkey_login === true;
  return (
    <>
      <Typography.Title level={5}>{t('security.passkey.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">
        {supported ? t('security.passkey.description') : t('security.passkey.unsupported')}
      </Typography.Paragraph>
      <List
        size="small"
        data-testid="personal-passkeys"
        locale={{ emptyText: t('security.passkey.none') }}
        dataSource={passkeys.data?.passkeys ?? []}
        renderItem={(item) => (
          <List.Item
            data-testid="personal-passkey-item"
            actions={[
              <Popconfirm
                key="delete"
                title={t('security.passkey.deleteConfirm')}
                onConfirm={() =>
                  remove.mutate(item.id, { onSuccess: () => showSuccess(t('security.passkey.deleted')) })
                }
              >
                <Button
                  size="small"
                  danger
                  icon={<DeleteOutlined />}
                  aria-label={t('security.passkey.delete')}
                />
              </Popconfirm>,
            ]}
          >
            <List.Item.Meta
              avatar={<KeyOutlined />}
              title={t('security.passkey.created', { when: when(item.created_at, '-') })}
              description={t('security.passkey.lastUsed', {
                when: when(item.last_used_at, t('security.passkey.never')),
              })}
            />
          </List.Item>
        )}
      />
      {supported && offered && (
        <Button
          icon={<KeyOutlined />}
          style={{ marginTop: 8 }}
          loading={register.isPending}
          onClick={() =>
            register.mutate(undefined, { onSuccess: () => showSuccess(t('security.passkey.added')) })
          }
          data-testid="personal-passkey-add"
        >
          {t('security.passkey.add')}
        </Button>
      )}
    </>
  );
}
