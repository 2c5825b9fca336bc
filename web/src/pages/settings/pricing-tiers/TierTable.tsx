/**
 * The tier table of the pricing dialog's tiered mode (docs/reference/pricing-tiers.md "Console"): one row per
 * tier (name, prompt tokens up to, USD per 1M input / output / cache-read / cache-write tokens), the last row
 * open-ended; an expression no table can show is kept read-only as text.
 */
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Alert, Button, Input, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { blankTier, type TieredState, type TierLine, tierProblem } from './tier-rules.ts';

interface TierTableProps {
  value: TieredState;
  onChange: (value: TieredState) => void;
  /** Whether to show the first problem (after the first OK). */
  showProblem: boolean;
}

export function TierTable({ value, onChange, showProblem }: TierTableProps) {
  const { t } = useTranslation();
  if (value.kind === 'text')
    return (
      <div data-testid="pricing-tiers-text">
        <Alert type="info" showIcon title={t('settings.tiers.textOnly')} style={{ marginBottom: 8 }} />
        <Typography.Paragraph code copyable style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
          {value.expr}
        </Typography.Paragraph>
        <Button
          size="small"
          onClick={() => onChange({ kind: 'table', tiers: [blankTier(0), blankTier(1)] })}
          data-testid="pricing-tiers-replace"
        >
          {t('settings.tiers.replace')}
        </Button>
      </div>
    );

  const tiers = value.tiers;
  const problem = showProblem ? tierProblem(tiers) : null;
  const set = (index: number, patch: Partial<TierLine>) =>
    onChange({
      kind: 'table',
      tiers: tiers.map((tier, at) => (at === index ? { ...tier, ...patch } : tier)),
    });

  const cell = (field: keyof TierLine, width: number) => (_: unknown, tier: TierLine, index: number) => {
    const open = field === 'upTo' && index === tiers.length - 1;
    const wrong = problem && problem.index === index && problem.field === field;
    return (
      <Input
        size="small"
        style={{ width }}
        status={wrong ? 'error' : undefined}
        disabled={open}
        placeholder={open ? t('settings.tiers.openEnded') : undefined}
        value={open ? '' : tier[field]}
        onChange={(event) => set(index, { [field]: event.target.value })}
        data-testid={`pricing-tier-${index}-${field}`}
      />
    );
  };

  const columns = [
    { title: t('settings.tiers.name'), key: 'name', render: cell('name', 90) },
    { title: t('settings.tiers.upTo'), key: 'upTo', render: cell('upTo', 110) },
    { title: t('settings.tiers.input'), key: 'input', render: cell('input', 80) },
    { title: t('settings.tiers.output'), key: 'output', render: cell('output', 80) },
    { title: t('settings.tiers.cacheRead'), key: 'cacheRead', render: cell('cacheRead', 80) },
    { title: t('settings.tiers.cacheWrite'), key: 'cacheWrite', render: cell('cacheWrite', 80) },
    {
      title: '',
      key: 'remove',
      render: (_: unknown, _tier: TierLine, index: number) => (
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          disabled={tiers.length <= 1}
          aria-label={t('settings.tiers.remove')}
          onClick={() => onChange({ kind: 'table', tiers: tiers.filter((_, at) => at !== index) })}
          data-testid={`pricing-tier-${index}-remove`}
        />
      ),
    },
  ];

  return (
    <div data-testid="pricing-tiers-table">
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('settings.tiers.help')}
      </Typography.Paragraph>
      <Table
        rowKey={(tier) => String(tiers.indexOf(tier))}
        size="small"
        pagination={false}
        columns={columns}
        dataSource={tiers}
        scroll={{ x: 'max-content' }}
      />
      <Button
        size="small"
        icon={<PlusOutlined />}
        style={{ marginTop: 8 }}
        onClick={() => onChange({ kind: 'table', tiers: [...tiers, blankTier(tiers.length)] })}
        data-testid="pricing-tier-add"
      >
        {t('settings.tiers.add')}
      </Button>
      {problem && (
        <Alert
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          title={t(problem.problem, { row: problem.index + 1 })}
          data-testid="pricing-tiers-problem"
        />
      )}
    </div>
  );
}
