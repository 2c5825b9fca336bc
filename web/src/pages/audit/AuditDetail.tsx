/** The detail of one audit row: who, what, where from, and the before/after of the changed fields. */
import { Descriptions, Drawer, Empty, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { AuditLogView } from '../../../../common/api/audit.ts';
import { useIsMobile } from '../../components/use-is-mobile.ts';
import { formatUnixTime } from '../tokens/token-display.ts';
import { type DiffLine, diffLines } from './audit-display.ts';

export interface AuditDetailProps {
  row: AuditLogView | null;
  onClose: () => void;
  roleName: (role: number) => string;
}

function ValueCell({ text, masked }: { text: string; masked: boolean }) {
  const { t } = useTranslation();
  if (text === '') return <Typography.Text type="secondary">—</Typography.Text>;
  if (masked && text === '[masked]') return <Tag>{t('audit.detail.masked')}</Tag>;
  return (
    <Typography.Text style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all', fontFamily: 'monospace' }}>
      {text}
    </Typography.Text>
  );
}

export function AuditDetail({ row, onClose, roleName }: AuditDetailProps) {
  const { t } = useTranslation();
  const mobile = useIsMobile();
  const lines = row ? diffLines(row.before, row.after) : [];
  return (
    <Drawer
      open={row !== null}
      onClose={onClose}
      title={t('audit.detail.title')}
      size={mobile ? 375 : 720}
      destroyOnHidden
    >
      {row && (
        <div data-testid="audit-detail">
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('audit.columns.time')}>
              {formatUnixTime(row.created_at)}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.columns.actor')}>
              {row.username || '-'} {row.user_id > 0 ? `(#${row.user_id}, ${roleName(row.role)})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.columns.action')}>{row.action}</Descriptions.Item>
            <Descriptions.Item label={t('audit.columns.target')}>
              {t(`audit.targets.${row.target_type}`, { defaultValue: row.target_type })}{' '}
              {row.target_id && `#${row.target_id}`} {row.target_name}
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.columns.outcome')}>
              <Tag color={row.outcome === 'success' ? 'green' : 'red'}>
                {t(`audit.outcomes.${row.outcome}`)}
              </Tag>
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.columns.message')}>{row.message || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('audit.columns.ip')}>{row.ip || '-'}</Descriptions.Item>
            <Descriptions.Item label={t('audit.detail.userAgent')}>
              <Typography.Text style={{ wordBreak: 'break-all' }}>{row.user_agent || '-'}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={t('audit.detail.requestId')}>{row.request_id || '-'}</Descriptions.Item>
          </Descriptions>
          <Typography.Title level={5} style={{ marginTop: 16 }}>
            {t('audit.detail.changes')}
          </Typography.Title>
          {lines.length === 0 ? (
            <Empty description={t('audit.detail.noChanges')} />
          ) : (
            <Table<DiffLine>
              data-testid="audit-diff"
              size="small"
              rowKey="field"
              pagination={false}
              dataSource={lines}
              scroll={{ x: true }}
              columns={[
                { title: t('audit.detail.field'), dataIndex: 'field', key: 'field', width: 140 },
                {
                  title: t('audit.detail.before'),
                  key: 'before',
                  render: (_value, line) => <ValueCell text={line.before} masked={line.masked} />,
                },
                {
                  title: t('audit.detail.after'),
                  key: 'after',
                  render: (_value, line) => <ValueCell text={line.after} masked={line.masked} />,
                },
              ]}
            />
          )}
        </div>
      )}
    </Drawer>
  );
}
