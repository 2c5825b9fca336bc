/**
 * What the price list shows for each model (docs/reference/console-screens.md "Price list"): availability for the viewed
 * group, the usable groups offered as tags, the fuzzy name search and the copied selection.
 */
import type { PricingModel } from '../../api/pricing.ts';
import type { CataloguePricingModel } from './catalogue-filter.ts';

/** The group a visitor's prices use, and the fallback of a user without a group. */
export const DEFAULT_GROUP = 'default';

export interface PricingRow extends CataloguePricingModel {
  /** The viewed group can use the model: enable_groups contains it. */
  available: boolean;
}

export function isAvailableIn(model: Pick<PricingModel, 'enable_groups'>, group: string): boolean {
  return model.enable_groups.includes(group);
}

/** The rows in model-name order, each marked with its availability for the viewed group. */
export function pricingRows(models: readonly CataloguePricingModel[], viewedGroup: string): PricingRow[] {
  return models
    .map((model) => ({ ...model, enable_groups: model.enable_groups ?? [] }))
    .map((model) => ({ ...model, available: isAvailableIn(model, viewedGroup) }))
    .sort((left, right) => left.model_name.localeCompare(right.model_name));
}

/** Sorting of the availability column: unavailable before available (antd reverses it for 'descend'). */
export function compareAvailability(left: PricingRow, right: PricingRow): number {
  return Number(left.available) - Number(right.available);
}

/** Sorting of the billing-type column: per token (0) before per call (1). */
export function compareQuotaType(left: PricingModel, right: PricingModel): number {
  return left.quota_type - right.quota_type;
}

/** The model's groups the caller may use, in the server's order (other groups are not shown). */
export function usableGroupsOf(
  model: Pick<PricingModel, 'enable_groups'>,
  usableGroups: Record<string, string>,
): string[] {
  return model.enable_groups.filter((group) => Object.hasOwn(usableGroups, group));
}

/** A group's ratio from the pricing reply; a group without one is billed at 1 (like the server). */
export function groupRatioOf(groupRatios: Record<string, number> | undefined, group: string): number {
  const ratio = groupRatios?.[group];
  return typeof ratio === 'number' && Number.isFinite(ratio) ? ratio : 1;
}

/** The group whose prices are shown first: the logged-in user's group, else 'default'. */
export function initialViewedGroup(userGroup: string | null | undefined): string {
  return userGroup?.trim() ? userGroup.trim() : DEFAULT_GROUP;
}

/** Lower case without separators, so that 'gpt4o' finds 'gpt-4o' and 'GPT 4o' finds it too. */
function normalizeName(text: string): string {
  return text.toLowerCase().replace(/[\s\-_./:]+/g, '');
}

/**
 * Fuzzy model-name search: every whitespace-separated word of the query must appear in the name,
 * ignoring case and the separators - _ . / :. An empty query matches everything.
 */
export function matchesModelSearch(modelName: string, query: string): boolean {
  const words = query
    .trim()
    .split(/\s+/)
    .map(normalizeName)
    .filter((word) => word !== '');
  if (words.length === 0) return true;
  const name = normalizeName(modelName);
  return words.every((word) => name.includes(word));
}

export function filterRows<Row extends Pick<PricingModel, 'model_name'>>(rows: Row[], query: string): Row[] {
  return rows.filter((row) => matchesModelSearch(row.model_name, query));
}

/** The text 'copy selected model' puts on the clipboard: the names joined by commas. */
export function selectedModelsText(modelNames: readonly string[]): string {
  return modelNames.join(',');
}
