import { Alert, Card, Space } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { showInfo } from '../../components/feedback.ts';
import { effectiveQuotaPerUnit } from '../../components/quota-settings.ts';
import { useSession } from '../../components/session.tsx';
import { useStatus } from '../../components/status.tsx';
import { copyWithToast } from '../personal/copy-with-toast.ts';
import { CatalogueFilters } from './CatalogueFilters.tsx';
import { allTags, type CatalogueFilter, filterByCatalogue } from './catalogue-filter.ts';
import { PricingTable } from './PricingTable.tsx';
import { PricingToolbar } from './PricingToolbar.tsx';
import type { Currency, DisplayPriceSettings } from './pricing-math.ts';
import { formatRatio } from './pricing-math.ts';
import {
  DEFAULT_GROUP,
  filterRows,
  groupRatioOf,
  initialViewedGroup,
  pricingRows,
  selectedModelsText,
} from './pricing-rows.ts';
import { RatioHelpDialog } from './RatioHelpDialog.tsx';
import { usePricing, useSelfGroup } from './use-pricing.ts';

/** Route /pricing (public): the models, their billing and prices in the viewed group (docs/reference/console-screens.md "Price list"). */
export function PricingPage() {
  const { t } = useTranslation();
  const status = useStatus();
  const { user } = useSession();
  const pricingQuery = usePricing(user?.id ?? null);
  const selfGroupQuery = useSelfGroup(user !== null);

  const [query, setQuery] = useState('');
  const [chosenGroup, setChosenGroup] = useState<string | null>(null);
  const [selectedModels, setSelectedModels] = useState<string[]>([]);
  const [showRatio, setShowRatio] = useState(false);
  const [atTopUpPrice, setAtTopUpPrice] = useState(false);
  const [currency, setCurrency] = useState<Currency>('USD');
  const [helpOpen, setHelpOpen] = useState(false);
  const [catalogueFilter, setCatalogueFilter] = useState<CatalogueFilter>({ vendorId: null, tag: null });

  const groupRatios = pricingQuery.data?.groupRatios ?? {};
  const usableGroups = pricingQuery.data?.usableGroups ?? {};
  const userGroup = user ? initialViewedGroup(selfGroupQuery.data ?? user.group) : null;
  const viewedGroup = chosenGroup ?? userGroup ?? DEFAULT_GROUP;
  const quotaPerUnit = effectiveQuotaPerUnit(status.quota_per_unit);
  const topUpEnabled = status.enable_online_topup;

  const vendors = pricingQuery.data?.vendors ?? [];
  const tags = useMemo(() => allTags(pricingQuery.data?.models ?? []), [pricingQuery.data]);
  const rows = useMemo(
    () =>
      filterByCatalogue(
        filterRows(pricingRows(pricingQuery.data?.models ?? [], viewedGroup), query),
        catalogueFilter,
      ),
    [pricingQuery.data, viewedGroup, query, catalogueFilter],
  );

  const priceSettings: DisplayPriceSettings = {
    atTopUpPrice: topUpEnabled && atTopUpPrice,
    currency,
    topUpPrice: status.price,
    usdExchangeRate: status.usd_exchange_rate,
  };

  const viewGroup = (group: string) => {
    if (group === viewedGroup) return;
    setChosenGroup(group);
    showInfo(t('pricing.groupSwitched', { group, ratio: formatRatio(groupRatioOf(groupRatios, group), 6) }));
  };

  const bannerGroup = userGroup ?? DEFAULT_GROUP;
  const bannerRatio = formatRatio(groupRatioOf(groupRatios, bannerGroup), 6);

  return (
    <Card title={t('pricing.title')}>
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        <Alert
          type={user ? 'success' : 'warning'}
          showIcon
          title={
            user
              ? t('pricing.banner.user', { group: bannerGroup, ratio: bannerRatio })
              : t('pricing.banner.visitor', { ratio: bannerRatio })
          }
          data-testid="pricing-group-banner"
        />
        <PricingToolbar
          onSearch={setQuery}
          selectedCount={selectedModels.length}
          onCopySelected={() =>
            void copyWithToast(
              selectedModelsText(selectedModels),
              t('pricing.copiedSelected', { count: selectedModels.length }),
            )
          }
          showRatio={showRatio}
          onShowRatio={setShowRatio}
          onOpenHelp={() => setHelpOpen(true)}
          topUpEnabled={topUpEnabled}
          atTopUpPrice={atTopUpPrice}
          onAtTopUpPrice={setAtTopUpPrice}
          currency={currency}
          onCurrency={setCurrency}
          viewedGroup={viewedGroup}
          viewedGroupRatio={groupRatioOf(groupRatios, viewedGroup)}
        />
        {(vendors.length > 0 || tags.length > 0) && (
          <CatalogueFilters
            vendors={vendors}
            tags={tags}
            value={catalogueFilter}
            onChange={setCatalogueFilter}
          />
        )}
        <PricingTable
          rows={rows}
          vendors={vendors}
          loading={pricingQuery.isFetching}
          viewedGroup={viewedGroup}
          groupRatios={groupRatios}
          usableGroups={usableGroups}
          showRatio={showRatio}
          priceSettings={priceSettings}
          quotaPerUnit={quotaPerUnit}
          selectedModels={selectedModels}
          onSelectModels={setSelectedModels}
          onCopyModel={(name) => void copyWithToast(name, t('pricing.copied', { name }))}
          onViewGroup={viewGroup}
        />
      </Space>
      <RatioHelpDialog open={helpOpen} quotaPerUnit={quotaPerUnit} onClose={() => setHelpOpen(false)} />
    </Card>
  );
}
