/**
 * The model catalogue on the price list (docs/model-catalogue.md "The price list"): the fields GET
 * /api/pricing adds where the catalogue describes a model, the vendors beside them, and the vendor and
 * tag filters of the page.
 */
import type { CataloguePricingModel, PricingVendor } from '../../../../common/api/pricing.ts';
import type { PricingReply } from '../../api/pricing.ts';

export type { CataloguePricingModel, PricingVendor };

export type CataloguePricingReply = PricingReply & {
  data?: CataloguePricingModel[];
  vendors?: PricingVendor[];
};

/** A model's tags, trimmed, without empty ones, in their written case. */
export function tagsOf(model: Pick<CataloguePricingModel, 'tags'>): string[] {
  return (model.tags ?? '')
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** Every tag of the list once (compared without case), sorted. */
export function allTags(models: readonly Pick<CataloguePricingModel, 'tags'>[]): string[] {
  const byKey = new Map<string, string>();
  for (const model of models)
    for (const tag of tagsOf(model)) if (!byKey.has(tag.toLowerCase())) byKey.set(tag.toLowerCase(), tag);
  return [...byKey.values()].sort((left, right) => left.localeCompare(right));
}

export interface CatalogueFilter {
  /** A vendor id; null for every vendor. */
  vendorId: number | null;
  /** A tag (any case); null for every tag. */
  tag: string | null;
}

export function filterByCatalogue<Row extends Pick<CataloguePricingModel, 'vendor_id' | 'tags'>>(
  rows: Row[],
  filter: CatalogueFilter,
): Row[] {
  const tag = filter.tag?.toLowerCase() ?? null;
  return rows.filter(
    (row) =>
      (filter.vendorId === null || row.vendor_id === filter.vendorId) &&
      (tag === null || tagsOf(row).some((candidate) => candidate.toLowerCase() === tag)),
  );
}

/** In thousands or millions, one decimal at most: "128K" for 128000, "1M" for 1000000 (and 1048576). */
export function formatContextLength(tokens: number): string {
  if (tokens >= 1_000_000) return `${Number((tokens / 1_000_000).toFixed(1))}M`;
  if (tokens >= 1000) return `${Number((tokens / 1000).toFixed(1))}K`;
  return String(tokens);
}
