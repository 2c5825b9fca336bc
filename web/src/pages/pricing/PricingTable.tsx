import { CheckCircleFilled, CheckOutlined, ExclamationCircleFilled } from '@ant-design/icons';
import { Space, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '../../../../common/limits.ts';
import { QuotaType } from '../../api/pricing.ts';
import { formatContextLength, type PricingVendor, tagsOf } from './catalogue-filter.ts';
import {
  currencySymbol,
  type DisplayPriceSettings,
  displayAmount,
  formatMoney,
  formatRatio,
  groupRatioColor,
  perCallPrice,
  tokenPricesPerMillion,
} from './pricing-math.ts';
import {
  compareAvailability,
  compareQuotaType,
  groupRatioOf,
  type PricingRow,
  usableGroupsOf,
} from './pricing-rows.ts';
import { TierPrices } from './TierPrices.tsx';

/** The price list shows every model on few pages: models are few and search narrows them further. */
const DEFAULT_PAGE_SIZE = 50;

export interface PricingTableProps {
  rows: PricingRow[];
  /** The catalogue's vendors (docs/model-catalogue.md); a model's vendor is named beside it. */
  vendors: PricingVendor[];
  loading: boolean;
  viewedGroup: string;
  groupRatios: Record<string, number>;
  usableGroups: Record<string, string>;
  showRatio: boolean;
  priceSettings: DisplayPriceSettings;
  quotaPerUnit: number;
  selectedModels: string[];
  onSelectModels: (modelNames: string[]) => void;
  onCopyModel: (modelName: string) => void;
  onViewGroup: (group: string) => void;
}

export function PricingTable(props: PricingTableProps) {
  const { t } = useTranslation();
  const groupRatio = groupRatioOf(props.groupRatios, props.viewedGroup);
  const symbol = currencySymbol(props.priceSettings);
  const money = (usd: number) => `${symbol}${formatMoney(displayAmount(usd, props.priceSettings))}`;

  const columns: ColumnsType<PricingRow> = [
    {
      title: t('pricing.columns.available'),
      key: 'available',
      width: 90,
      align: 'center',
      sorter: compareAvailability,
      defaultSortOrder: 'descend',
      render: (_value, row) =>
        row.available ? (
          <Tooltip title={t('pricing.available.yes', { group: props.viewedGroup })}>
            <CheckCircleFilled
              style={{ color: '#52c41a', fontSize: 18 }}
              aria-label={t('pricing.available.yes', { group: props.viewedGroup })}
              data-testid="pricing-available-yes"
            />
          </Tooltip>
        ) : (
          <Tooltip title={t('pricing.available.no', { group: props.viewedGroup })}>
            <ExclamationCircleFilled
              style={{ color: '#fa8c16', fontSize: 18 }}
              aria-label={t('pricing.available.no', { group: props.viewedGroup })}
              data-testid="pricing-available-no"
            />
          </Tooltip>
        ),
    },
    {
      title: t('pricing.columns.model'),
      key: 'model_name',
      render: (_value, row) => {
        const vendor = props.vendors.find((candidate) => candidate.id === row.vendor_id);
        return (
          <Space orientation="vertical" size={2}>
            <Tooltip title={t('pricing.copyModelHint')}>
              <Tag
                color="green"
                style={{ cursor: 'pointer', fontSize: 14, padding: '2px 8px' }}
                onClick={() => props.onCopyModel(row.model_name)}
                data-testid="pricing-model-name"
              >
                {row.model_name}
              </Tag>
            </Tooltip>
            {(vendor || row.context_length) && (
              <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid="pricing-model-vendor">
                {[
                  vendor?.name,
                  row.context_length
                    ? t('catalogue.pricing.context', { length: formatContextLength(row.context_length) })
                    : null,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Typography.Text>
            )}
            {row.description && (
              <Typography.Paragraph
                type="secondary"
                style={{ fontSize: 12, margin: 0, maxWidth: 360 }}
                ellipsis={{ rows: 2, tooltip: row.description }}
                data-testid="pricing-model-description"
              >
                {row.description}
              </Typography.Paragraph>
            )}
            {tagsOf(row).length > 0 && (
              <Space size={[4, 4]} wrap>
                {tagsOf(row).map((tag) => (
                  <Tag key={tag} bordered={false} style={{ fontSize: 11 }}>
                    {tag}
                  </Tag>
                ))}
              </Space>
            )}
          </Space>
        );
      },
    },
    {
      title: t('pricing.columns.quotaType'),
      key: 'quota_type',
      sorter: compareQuotaType,
      render: (_value, row) => {
        if (row.quota_type === QuotaType.perToken)
          return <Tag color="purple">{t('pricing.quotaType.perToken')}</Tag>;
        if (row.quota_type === QuotaType.perCall)
          return <Tag color="cyan">{t('pricing.quotaType.perCall')}</Tag>;
        return <Tag>{t('pricing.quotaType.unknown')}</Tag>;
      },
    },
    {
      title: t('pricing.columns.groups'),
      key: 'enable_groups',
      render: (_value, row) => (
        <Space size={[4, 4]} wrap>
          {usableGroupsOf(row, props.usableGroups).map((group) => {
            const ratio = groupRatioOf(props.groupRatios, group);
            const viewed = group === props.viewedGroup;
            return (
              <Tooltip key={group} title={viewed ? t('pricing.groupViewed') : t('pricing.groupSwitchHint')}>
                <Tag
                  color={groupRatioColor(ratio)}
                  variant={viewed ? 'solid' : 'filled'}
                  icon={viewed ? <CheckOutlined /> : undefined}
                  style={{ cursor: viewed ? 'default' : 'pointer' }}
                  onClick={() => props.onViewGroup(group)}
                  data-testid={`pricing-group-tag-${group}`}
                >
                  {t('pricing.groupTag', { group, ratio: formatRatio(ratio, 6) })}
                </Tag>
              </Tooltip>
            );
          })}
        </Space>
      ),
    },
  ];

  if (props.showRatio) {
    columns.push({
      title: t('pricing.columns.ratio'),
      key: 'ratio',
      render: (_value, row) => {
        const perToken = row.quota_type === QuotaType.perToken;
        return (
          <Space orientation="vertical" size={0} data-testid="pricing-ratio-cell">
            <Typography.Text>
              {t('pricing.ratio.model', {
                value: perToken ? formatRatio(row.model_ratio, 6) : t('pricing.ratio.none'),
              })}
            </Typography.Text>
            <Typography.Text>
              {t('pricing.ratio.completion', {
                value: perToken ? formatRatio(row.completion_ratio, 3) : t('pricing.ratio.none'),
              })}
            </Typography.Text>
            <Typography.Text>
              {t('pricing.ratio.group', { value: formatRatio(groupRatio, 6) })}
            </Typography.Text>
          </Space>
        );
      },
    });
  }

  columns.push({
    title: t('pricing.columns.price'),
    key: 'price',
    render: (_value, row) => {
      const tools = <TierPrices toolPrices={row.tool_prices} groupRatio={groupRatio} money={money} />;
      if (row.quota_type === QuotaType.perCall) {
        return (
          <Space orientation="vertical" size={0}>
            <Typography.Text data-testid="pricing-price-call">
              {t('pricing.price.perCall', { price: money(perCallPrice(row.model_price, groupRatio)) })}
            </Typography.Text>
            {tools}
          </Space>
        );
      }
      if (row.tiers)
        return (
          <TierPrices tiers={row.tiers} toolPrices={row.tool_prices} groupRatio={groupRatio} money={money} />
        );
      const prices = tokenPricesPerMillion(
        row.model_ratio,
        row.completion_ratio,
        groupRatio,
        props.quotaPerUnit,
      );
      return (
        <Space orientation="vertical" size={0}>
          <Typography.Text data-testid="pricing-price-input">
            {t('pricing.price.input', { price: money(prices.input) })}
          </Typography.Text>
          <Typography.Text data-testid="pricing-price-output">
            {t('pricing.price.output', { price: money(prices.output) })}
          </Typography.Text>
          {tools}
        </Space>
      );
    },
  });

  return (
    <div data-testid="pricing-table">
      <Table<PricingRow>
        rowKey="model_name"
        columns={columns}
        dataSource={props.rows}
        loading={props.loading}
        scroll={{ x: 'max-content' }}
        rowSelection={{
          selectedRowKeys: props.selectedModels,
          preserveSelectedRowKeys: true,
          onChange: (keys: Key[]) => props.onSelectModels(keys.map(String)),
        }}
        pagination={{
          defaultPageSize: DEFAULT_PAGE_SIZE,
          showSizeChanger: true,
          pageSizeOptions: [...PAGE_SIZE_OPTIONS.map(String)],
          showTotal: (total) => t('pricing.total', { total }),
        }}
      />
    </div>
  );
}
