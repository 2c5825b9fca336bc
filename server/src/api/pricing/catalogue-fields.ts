/**
 * The catalogue's part of the price list (docs/model-catalogue.md): each model's vendor, icon,
 * description, tags and limits from its `models` entry (new-api's Pricing fields), the vendors the list
 * refers to, and the filters GET /api/pricing takes (vendor, tag, group).
 */
import type { CataloguePricingModel, PricingModel, PricingVendor } from '../../../../common/api/pricing.ts';

export type { CataloguePricingModel, PricingVendor };

import {
  type CatalogueSnapshot,
  type ModelMetaRow,
  metadataFor,
} from '../models-catalogue/catalogue-snapshot.ts';

/** A price-list entry with its catalogue fields (present only when the catalogue describes the model). */
/** new-api stores endpoints as JSON: an array of endpoint types or an object keyed by them. */
function endpointTypes(text: string | null): string[] | undefined {
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (Array.isArray(parsed)) return parsed.filter((entry): entry is string => typeof entry === 'string');
    if (parsed && typeof parsed === 'object') return Object.keys(parsed);
  } catch {
    // Text that is not JSON describes no endpoint.
  }
  return undefined;
}

function withMetadata(entry: PricingModel, meta: ModelMetaRow | undefined): CataloguePricingModel {
  if (!meta) return entry;
  const result: CataloguePricingModel = { ...entry };
  if (meta.vendor_id) result.vendor_id = meta.vendor_id;
  if (meta.description) result.description = meta.description;
  if (meta.icon) result.icon = meta.icon;
  if (meta.tags) result.tags = meta.tags;
  if (meta.context_length) result.context_length = meta.context_length;
  if (meta.max_output_tokens) result.max_output_tokens = meta.max_output_tokens;
  if (meta.input_modalities) result.input_modalities = meta.input_modalities;
  if (meta.output_modalities) result.output_modalities = meta.output_modalities;
  const endpoints = endpointTypes(meta.endpoints);
  if (endpoints && endpoints.length > 0) result.supported_endpoint_types = endpoints;
  return result;
}

export interface PricingFilter {
  /** A vendor id or a vendor name (case-insensitive, whole name). */
  vendor?: string;
  /** One tag of the model's comma-separated tags (case-insensitive). */
  tag?: string;
  group?: string;
}

function splitTags(tags: string | undefined): string[] {
  return (tags ?? '')
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => tag !== '');
}

/** Adds the catalogue fields to the list, then keeps the entries that pass the filter. */
export function describeAndFilter(
  models: PricingModel[],
  snapshot: CatalogueSnapshot,
  filter: PricingFilter,
): { data: CataloguePricingModel[]; vendors: PricingVendor[] } {
  const described = models.map((entry) => withMetadata(entry, metadataFor(snapshot, entry.model_name)));
  let vendorId: number | undefined;
  if (filter.vendor) {
    const wanted = filter.vendor.trim().toLowerCase();
    vendorId = /^\d+$/.test(wanted)
      ? Number(wanted)
      : (snapshot.vendors.find((vendor) => vendor.name.toLowerCase() === wanted)?.id ?? -1);
  }
  const tag = filter.tag?.trim().toLowerCase();
  const data = described.filter(
    (entry) =>
      (vendorId === undefined || entry.vendor_id === vendorId) &&
      (!tag || splitTags(entry.tags).includes(tag)) &&
      (!filter.group || entry.enable_groups.includes(filter.group)),
  );
  const used = new Set(described.map((entry) => entry.vendor_id).filter((id) => id !== undefined));
  const vendors = snapshot.vendors
    .filter((vendor) => used.has(vendor.id) && vendor.status === 1)
    .map((vendor) => {
      const view: PricingVendor = { id: vendor.id, name: vendor.name };
      if (vendor.description) view.description = vendor.description;
      if (vendor.icon) view.icon = vendor.icon;
      return view;
    });
  return { data, vendors };
}
