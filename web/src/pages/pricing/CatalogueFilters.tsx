import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CatalogueFilter, PricingVendor } from './catalogue-filter.ts';

export interface CatalogueFiltersProps {
  vendors: PricingVendor[];
  tags: string[];
  value: CatalogueFilter;
  onChange: (filter: CatalogueFilter) => void;
}

/** The price list's vendor and tag filters (shown when the catalogue describes some model). */
export function CatalogueFilters({ vendors, tags, value, onChange }: CatalogueFiltersProps) {
  const { t } = useTranslation();
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 12 }}>
      {vendors.length > 0 && (
        <Select<number>
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('catalogue.pricing.allVendors')}
          aria-label={t('catalogue.pricing.vendor')}
          value={value.vendorId ?? undefined}
          onChange={(vendorId) => onChange({ ...value, vendorId: vendorId ?? null })}
          options={vendors.map((vendor) => ({ value: vendor.id, label: vendor.name }))}
          data-testid="pricing-vendor-filter"
        />
      )}
      {tags.length > 0 && (
        <Select<string>
          allowClear
          style={{ minWidth: 180 }}
          placeholder={t('catalogue.pricing.allTags')}
          aria-label={t('catalogue.pricing.tag')}
          value={value.tag ?? undefined}
          onChange={(tag) => onChange({ ...value, tag: tag ?? null })}
          options={tags.map((tag) => ({ value: tag, label: tag }))}
          data-testid="pricing-tag-filter"
        />
      )}
    </div>
  );
}
