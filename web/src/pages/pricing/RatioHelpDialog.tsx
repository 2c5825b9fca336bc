import { Modal, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatRatio, tokenPricesPerMillion, usageCost } from './pricing-math.ts';

interface ExplanationRow {
  key: string;
  term: string;
  meaning: string;
}

/** A worked example: a model at ratio 1.25 with completion ratio 4 in a group at ratio 2. */
const EXAMPLE = {
  modelRatio: 1.25,
  completionRatio: 4,
  groupRatio: 2,
  promptTokens: 1000,
  completionTokens: 500,
};

/** Explains the ratios (docs/reference/console-screens.md "a help icon opens a ratio explanation"), as text and a table. */
export function RatioHelpDialog({
  open,
  quotaPerUnit,
  onClose,
}: {
  open: boolean;
  quotaPerUnit: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const ratioOnePerMillion = tokenPricesPerMillion(1, 1, 1, quotaPerUnit).input;
  const ratioOnePrice = formatMoney(ratioOnePerMillion);
  const factor = formatRatio(ratioOnePerMillion, 6);
  const examplePrices = tokenPricesPerMillion(
    EXAMPLE.modelRatio,
    EXAMPLE.completionRatio,
    EXAMPLE.groupRatio,
    quotaPerUnit,
  );
  const exampleCost = usageCost(
    { promptTokens: EXAMPLE.promptTokens, completionTokens: EXAMPLE.completionTokens },
    EXAMPLE,
    quotaPerUnit,
  );

  const rows: ExplanationRow[] = [
    {
      key: 'model',
      term: t('pricing.help.modelRatio'),
      meaning: t('pricing.help.modelRatioMeaning', { price: `$${ratioOnePrice}`, factor }),
    },
    {
      key: 'completion',
      term: t('pricing.help.completionRatio'),
      meaning: t('pricing.help.completionRatioMeaning'),
    },
    { key: 'group', term: t('pricing.help.groupRatio'), meaning: t('pricing.help.groupRatioMeaning') },
    { key: 'call', term: t('pricing.help.perCall'), meaning: t('pricing.help.perCallMeaning') },
  ];

  return (
    <Modal
      open={open}
      title={t('pricing.help.title')}
      onCancel={onClose}
      onOk={onClose}
      okText={t('pricing.help.close')}
      cancelButtonProps={{ style: { display: 'none' } }}
      width={680}
      destroyOnHidden
    >
      <Space orientation="vertical" size="middle" style={{ width: '100%' }} data-testid="pricing-help-dialog">
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('pricing.help.intro')}</Typography.Paragraph>
        <Table<ExplanationRow>
          size="small"
          pagination={false}
          rowKey="key"
          dataSource={rows}
          columns={[
            { title: t('pricing.help.term'), dataIndex: 'term', key: 'term', width: 140 },
            { title: t('pricing.help.meaning'), dataIndex: 'meaning', key: 'meaning' },
          ]}
        />
        <div>
          <Typography.Text strong>{t('pricing.help.formulaTitle')}</Typography.Text>
          <ul style={{ margin: '4px 0 0', paddingInlineStart: 20 }}>
            <li>{t('pricing.help.tokenFormula', { factor })}</li>
            <li>{t('pricing.help.usageFormula', { quotaPerUnit })}</li>
          </ul>
        </div>
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          <Typography.Text strong>{t('pricing.help.exampleTitle')}</Typography.Text>
          <br />
          {t('pricing.help.example', {
            modelRatio: formatRatio(EXAMPLE.modelRatio, 6),
            completionRatio: formatRatio(EXAMPLE.completionRatio, 3),
            groupRatio: formatRatio(EXAMPLE.groupRatio, 6),
            input: formatMoney(examplePrices.input),
            output: formatMoney(examplePrices.output),
            promptTokens: EXAMPLE.promptTokens,
            completionTokens: EXAMPLE.completionTokens,
            cost: formatMoney(exampleCost),
          })}
        </Typography.Paragraph>
      </Space>
    </Modal>
  );
}
