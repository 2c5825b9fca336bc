import { CopyOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Badge, Button, Radio, Tag, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import { LabeledSwitch } from '../../components/LabeledSwitch.tsx';
import { ModelSearchInput } from './ModelSearchInput.tsx';
import type { Currency } from './pricing-math.ts';
import { formatRatio, groupRatioColor } from './pricing-math.ts';

export interface PricingToolbarProps {
  onSearch: (query: string) => void;
  selectedCount: number;
  onCopySelected: () => void;
  showRatio: boolean;
  onShowRatio: (show: boolean) => void;
  onOpenHelp: () => void;
  /** The top-up view is offered only when online top-up is enabled. */
  topUpEnabled: boolean;
  atTopUpPrice: boolean;
  onAtTopUpPrice: (on: boolean) => void;
  currency: Currency;
  onCurrency: (currency: Currency) => void;
  viewedGroup: string;
  viewedGroupRatio: number;
}

export function PricingToolbar(props: PricingToolbarProps) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12, alignItems: 'center' }}>
      <ModelSearchInput onSearch={props.onSearch} />
      <Badge count={props.selectedCount} size="small" color="blue">
        <Button
          icon={<CopyOutlined />}
          disabled={props.selectedCount === 0}
          onClick={props.onCopySelected}
          data-testid="pricing-copy-selected"
        >
          {t('pricing.copySelected')}
        </Button>
      </Badge>
      <LabeledSwitch
        label={t('pricing.showRatio')}
        checked={props.showRatio}
        onChange={props.onShowRatio}
        testId="pricing-ratio-toggle"
      >
        <Tooltip title={t('pricing.help.tooltip')}>
          <Button
            type="text"
            size="small"
            icon={<QuestionCircleOutlined />}
            onClick={props.onOpenHelp}
            aria-label={t('pricing.help.title')}
            data-testid="pricing-help"
          />
        </Tooltip>
      </LabeledSwitch>
      {props.topUpEnabled && (
        <LabeledSwitch
          label={t('pricing.topUpPrice')}
          checked={props.atTopUpPrice}
          onChange={props.onAtTopUpPrice}
          testId="pricing-topup-toggle"
        >
          {props.atTopUpPrice && (
            <Radio.Group
              size="small"
              optionType="button"
              value={props.currency}
              onChange={(event) => props.onCurrency(event.target.value as Currency)}
              options={[
                { value: 'USD', label: t('pricing.currency.usd') },
                { value: 'CNY', label: t('pricing.currency.cny') },
              ]}
              aria-label={t('pricing.currency.label')}
              data-testid="pricing-currency"
            />
          )}
        </LabeledSwitch>
      )}
      <Tag color={groupRatioColor(props.viewedGroupRatio)} data-testid="pricing-viewed-group">
        {t('pricing.viewedGroup', {
          group: props.viewedGroup,
          ratio: formatRatio(props.viewedGroupRatio, 6),
        })}
      </Tag>
    </div>
  );
}
