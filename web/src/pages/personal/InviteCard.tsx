import { CopyOutlined, SwapOutlined } from '@ant-design/icons';
import { Button, Card, Input, Space, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserView } from '../../../../common/api-types.ts';
import { abbreviateCount } from '../../../../common/quota-format.ts';
import { useQuotaRenderer } from '../../components/quota.ts';
import { StatisticRow } from '../../components/StatisticRow.tsx';
import { useStatus } from '../../components/status.tsx';
import { AffTransferDialog } from './AffTransferDialog.tsx';
import { copyWithToast } from './copy-with-toast.ts';
import { buildInviteLink } from './personal-rules.ts';
import { useAffiliateCode } from './use-personal.ts';

export interface InviteCardProps {
  user: UserView;
}

/** The invite link with a copy button, the invite earnings and their transfer to the balance (docs/reference/console-screens.md, docs/reference/console-constants.md). */
export function InviteCard({ user }: InviteCardProps) {
  const { t } = useTranslation();
  const renderQuota = useQuotaRenderer();
  const status = useStatus();
  const affiliateQuery = useAffiliateCode();
  const [transferOpen, setTransferOpen] = useState(false);
  const [transferSession, setTransferSession] = useState(0);
  const inviteLink = affiliateQuery.data
    ? buildInviteLink(status.server_address, window.location.origin, affiliateQuery.data)
    : '';

  const openTransfer = () => {
    setTransferSession((session) => session + 1);
    setTransferOpen(true);
  };

  return (
    <Card title={t('personal.invite.title')}>
      <Typography.Text strong>{t('personal.invite.link')}</Typography.Text>
      <Space.Compact style={{ width: '100%', marginTop: 8 }}>
        <Input
          readOnly
          value={inviteLink}
          placeholder={t('personal.invite.loading')}
          aria-label={t('personal.invite.link')}
          data-testid="personal-invite-link"
        />
        <Button
          icon={<CopyOutlined />}
          disabled={inviteLink === ''}
          onClick={() => copyWithToast(inviteLink, t('personal.invite.copied'))}
          data-testid="personal-invite-copy"
        >
          {t('personal.invite.copy')}
        </Button>
      </Space.Compact>
      <StatisticRow
        style={{ marginTop: 16 }}
        items={[
          { key: 'count', title: t('personal.invite.count'), value: abbreviateCount(user.aff_count) },
          {
            key: 'pending',
            title: t('personal.invite.pending'),
            value: renderQuota(user.aff_quota),
            testId: 'personal-aff-quota',
            extra: (
              <Button
                size="small"
                type="primary"
                icon={<SwapOutlined />}
                onClick={openTransfer}
                style={{ marginTop: 8 }}
                data-testid="personal-aff-transfer"
              >
                {t('personal.affTransfer.button')}
              </Button>
            ),
          },
          { key: 'total', title: t('personal.invite.total'), value: renderQuota(user.aff_history_quota) },
        ]}
      />
      <AffTransferDialog
        key={transferSession}
        open={transferOpen}
        availableQuota={user.aff_quota}
        onClose={() => setTransferOpen(false)}
      />
    </Card>
  );
}
