/**
 * The price-list cell of a model priced by tiers (docs/reference/pricing-tiers.md "Price list"): one line per
 * tier with its prompt-length range and prices (USD per 1M tokens, or per call), times the viewed group's
 * ratio; and the model's tool prices per 1,000 calls (shown under every model that has them, tiered or not).
 */
import { Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PriceTier } from '../../../../common/api/pricing.ts';

function rangeOf(tier: PriceTier): string {
  return tier.ranges
    .map((range) => (range.to === null ? `>${range.from - 1}` : `${range.from}–${range.to}`))
    .join(', ');
}

/**
 * The table sizes its columns to their content (scroll x max-content), so a long tier or tool line would widen
 * the price column past the screen: each line is capped and wraps instead.
 */
const LINE = {
  display: 'block',
  maxWidth: 360,
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
} as const;

export function TierPrices(props: {
  tiers?: PriceTier[];
  toolPrices?: Record<string, number>;
  groupRatio: number;
  money: (usd: number) => string;
}) {
  const { t } = useTranslation();
  const { groupRatio, money } = props;
  return (
    <Space orientation="vertical" size={0}>
      {(props.tiers ?? []).map((tier) => (
        <Typography.Text key={tier.name} style={LINE} data-testid="pricing-tier">
          {tier.fixed !== null
            ? t('pricing.tier.fixed', {
                name: tier.name,
                range: rangeOf(tier),
                price: money(tier.fixed * groupRatio),
              })
            : t('pricing.tier.tokens', {
                name: tier.name,
                range: rangeOf(tier),
                input: money((tier.prices.p ?? 0) * groupRatio),
                output: money((tier.prices.c ?? 0) * groupRatio),
              }) +
              (tier.prices.cr !== undefined
                ? ` · ${t('pricing.tier.cacheRead', { price: money(tier.prices.cr * groupRatio) })}`
                : '') +
              (tier.prices.cc !== undefined
                ? ` · ${t('pricing.tier.cacheWrite', { price: money(tier.prices.cc * groupRatio) })}`
                : '')}
        </Typography.Text>
      ))}
      {props.toolPrices && Object.keys(props.toolPrices).length > 0 && (
        <Typography.Text type="secondary" style={LINE} data-testid="pricing-tools">
          {t('pricing.tier.tools', {
            tools: Object.entries(props.toolPrices)
              .map(([tool, price]) => `${tool} ${money(price * groupRatio)}`)
              .join(' · '),
          })}
        </Typography.Text>
      )}
    </Space>
  );
}
